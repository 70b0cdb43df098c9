import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import {
  createMailWorker,
  enqueueMail,
  listUnsentMail,
  MAX_ATTEMPTS,
  retryDelayMs,
  retryFailedMail,
} from "./mail-outbox.ts";
import { createMemoryMailer, type Mailer, type MailMessage } from "./mailer.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ seed: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("mail_outbox").execute();
});

const START = new Date("2026-11-23T12:00:00Z");
const message = (n: number) => ({
  to: `cliente${n}@exemplo.com.br`,
  subject: `Mensagem ${n}`,
  text: `Texto ${n} com http://loja.test/resetar-senha/segredo${n}`,
  html: `<p>Texto ${n}</p>`,
});

/** A clock the test moves by hand. */
function clock(start = START) {
  let current = start;
  return { now: () => current, advance: (ms: number) => (current = new Date(current.getTime() + ms)) };
}

async function rows() {
  return t.db.selectFrom("mail_outbox").selectAll().orderBy("subject").execute();
}

describe("enqueueMail", () => {
  it("writes nothing when the transaction it belongs to rolls back", async () => {
    const nudge = vi.fn();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, { now: () => START, nudgeMail: nudge }, "purchase", message(1));
        throw new Error("the purchase failed after its e-mail was queued");
      }),
    ).rejects.toThrow("the purchase failed");
    expect(await rows()).toEqual([]);
    const mailer = createMemoryMailer();
    expect(await createMailWorker({ db: t.db, mailer, now: () => START }).drain()).toBe(0);
    expect(mailer.messages).toEqual([]);
  });

  it("keeps a committed message for the worker, which sends it with its id and then forgets its body", async () => {
    const nudge = vi.fn();
    const id = await t.db
      .transaction()
      .execute((trx) => enqueueMail(trx, { now: () => START, nudgeMail: nudge }, "password-reset", message(1)));
    expect(nudge).toHaveBeenCalledTimes(1);
    const mailer = createMemoryMailer();
    expect(await createMailWorker({ db: t.db, mailer, now: () => START }).drain()).toBe(1);
    expect(mailer.messages).toEqual([{ id, ...message(1) }]);
    const [row] = await rows();
    expect(row).toMatchObject({ id, attempts: 1, sent_at: START.toISOString(), claimed_until: null });
    // The reset link was a secret: once sent, it is nowhere in the database.
    expect([row!.text_body, row!.html_body]).toEqual(["", ""]);
    expect(await listUnsentMail(t.db)).toEqual([]);
  });
});

describe("the worker", () => {
  it("retries a failing send with a growing wait, then sends it exactly once", async () => {
    const time = clock();
    const delivered: MailMessage[] = [];
    let failures = 3;
    const tries: Date[] = [];
    const mailer: Mailer = {
      leaseMs: 60_000,
      async send(mail) {
        tries.push(time.now());
        if (failures-- > 0) throw Object.assign(new Error(`SMTP 421 for ${mail.to}`), { responseCode: 421 });
        delivered.push(mail);
      },
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await enqueueMail(t.db, time, "purchase", message(1));
      const worker = createMailWorker({ db: t.db, mailer, now: time.now });
      for (let step = 0; step < 20; step++) {
        await worker.drain();
        time.advance(15_000);
      }
    } finally {
      error.mockRestore();
    }
    expect(delivered).toHaveLength(1);
    // Tried at once, then 30 s, 1 min and 2 min after each failure (to the poll's 15 s).
    const waits = tries.slice(1).map((at, i) => at.getTime() - tries[i]!.getTime());
    expect(waits).toEqual([30_000, 60_000, 120_000]);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 4, failed_at: null, last_error: "Error 421" });
    expect(row!.sent_at).not.toBeNull();
    expect(row!.last_error).not.toContain("cliente");
  });

  it(`gives a message up after ${MAX_ATTEMPTS} attempts, lists it for the gestor with its error's name, and sends it when told to retry`, async () => {
    const time = clock();
    const send = vi.fn(() =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await enqueueMail(t.db, time, "password-reset", message(1));
      const worker = createMailWorker({ db: t.db, mailer: { leaseMs: 60_000, send }, now: time.now });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
        await worker.drain();
        time.advance(retryDelayMs(attempt));
      }
    } finally {
      error.mockRestore();
    }
    expect(send).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(await listUnsentMail(t.db)).toEqual([
      expect.objectContaining({
        kind: "password-reset",
        recipient: "cliente1@exemplo.com.br",
        attempts: MAX_ATTEMPTS,
        failed_at: expect.any(String),
        last_error: "ECONNREFUSED",
      }),
    ]);
    // The mail server is fixed; the gestor's send-mail puts it back in the queue.
    const mailer = createMemoryMailer();
    expect(await retryFailedMail(t.db, time.now())).toBe(1);
    expect(await createMailWorker({ db: t.db, mailer, now: time.now }).drain()).toBe(1);
    expect(mailer.messages.map((mail) => mail.to)).toEqual(["cliente1@exemplo.com.br"]);
    expect(await listUnsentMail(t.db)).toEqual([]);
  });

  it("sends a message queued with its nudge without waiting for a poll", async () => {
    const mailer = createMemoryMailer();
    const worker = createMailWorker({ db: t.db, mailer, now: () => new Date() });
    await t.db
      .transaction()
      .execute((trx) => enqueueMail(trx, { now: () => new Date(), nudgeMail: worker.nudge }, "purchase", message(1)));
    await vi.waitFor(() => expect(mailer.messages.map((mail) => mail.to)).toEqual(["cliente1@exemplo.com.br"]));
    // Its follow-up must not drain the next test's messages.
    await worker.stop();
  });

  it("two workers draining at once send each message once", async () => {
    for (let n = 0; n < 60; n++) await enqueueMail(t.db, { now: () => START }, "purchase", message(n));
    const sent: string[] = [];
    const slow: Mailer = {
      leaseMs: 60_000,
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(mail.id!);
      },
    };
    const [a, b] = [0, 1].map(() => createMailWorker({ db: t.db, mailer: slow, now: () => START }));
    const counts = await Promise.all([a!.drain(), b!.drain(), a!.drain()]);
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
    expect(counts[0]! + counts[1]!).toBe(60);
    expect(await listUnsentMail(t.db)).toEqual([]);
  });

  it("never sends a message of its batch that another worker took after the lease ran out", async () => {
    const time = clock();
    for (const n of [1, 2]) {
      await enqueueMail(t.db, time, "purchase", message(n));
      time.advance(1);
    }
    const sent: string[] = [];
    const slow: Mailer = {
      leaseMs: 60_000,
      async send(mail) {
        sent.push(mail.to);
        // This send outlasted the batch's lease, and another server's poll took message 2.
        time.advance(60_001);
        await t.db
          .updateTable("mail_outbox")
          .set({ claim_token: "other-worker", claimed_until: new Date(time.now().getTime() + 60_000).toISOString() })
          .where("recipient", "=", message(2).to)
          .execute();
      },
    };
    expect(await createMailWorker({ db: t.db, mailer: slow, now: time.now }).drain()).toBe(1);
    expect(sent).toEqual([message(1).to]);
  });

  it("leaves a message another worker holds until its lease runs out, then sends it again with the same id", async () => {
    const time = clock();
    const id = await enqueueMail(t.db, time, "purchase", message(1));
    // A worker claimed it and died before marking it sent (a kill -9 mid-send).
    await t.db
      .updateTable("mail_outbox")
      .set({ claim_token: "dead-worker", attempts: 1, claimed_until: new Date(START.getTime() + 60_000).toISOString() })
      .execute();
    const mailer = createMemoryMailer();
    const worker = createMailWorker({ db: t.db, mailer, now: time.now });
    expect(await worker.drain()).toBe(0);
    time.advance(60_001);
    expect(await worker.drain()).toBe(1);
    expect(mailer.messages.map((mail) => mail.id)).toEqual([id]);
  });
});
