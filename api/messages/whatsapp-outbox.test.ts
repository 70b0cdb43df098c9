/**
 * The WhatsApp outbox's worker (issue 31; docs/decisions/0080-whatsapp-channel.md) against the
 * Cloud API double, as strict as Meta: sent once with its template, refused as Meta refuses,
 * failed into its fallback e-mail, retried after a 500, never at night for a reminder, never for
 * a paid order's reminder, never twice (two workers; a send whose answer was lost). On SQLite and
 * (scripts/test-postgres.sh) PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertSale } from "#tests/fixtures/sales.ts";
import { RECIFE_QUIET_HOURS, startWhatsappStore, type WhatsappStore } from "#tests/fixtures/whatsapp-store.ts";
import { WHATSAPP_TEMPLATES } from "./templates.ts";
import { PIX_EXPIRED, SALE_SETTLED } from "./whatsapp-failure.ts";
import { IN_FLIGHT_GRACE_MS, NO_ANSWER, TOKEN_RETRY_MS, WHATSAPP_MAX_ATTEMPTS } from "./whatsapp-outbox.ts";

// 12:00 in Recife: no quiet hours.
const NOON = new Date("2026-11-27T15:00:00Z");
let s: WhatsappStore;
beforeAll(async () => {
  s = await startWhatsappStore(NOON);
});
afterAll(() => s.close());
beforeEach(async () => {
  s.setNow(NOON);
  s.double.reset();
  s.t.mail.length = 0;
  await s.t.db.deleteFrom("whatsapp_messages").execute();
  await s.t.db.deleteFrom("mail_outbox").execute();
  vi.restoreAllMocks();
});

const row = (id: string) =>
  s.t.db.selectFrom("whatsapp_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A sale waiting for its Pix, which expires at `expiresAt` (insertSale writes no Pix). */
async function pixSale(customerId: string, expiresAt: string) {
  const id = await insertSale(s.t.db, { customer_id: customerId, status: "pending" });
  await s.t.db.updateTable("sales").set({ pix_expires_at: expiresAt }).where("id", "=", id).execute();
  return id;
}
const quiet = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("the WhatsApp worker", () => {
  it("sends a queued message once, with its template, language, parameters and row id", async () => {
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id, "order-received");
    expect(await s.worker().drain()).toBe(1);
    expect(await s.worker().drain()).toBe(0);
    const template = WHATSAPP_TEMPLATES["order-received"];
    expect(s.double.messages).toEqual([
      expect.objectContaining({
        to: customer.number,
        template: template.name,
        language: "pt_BR",
        parameters: [...template.examples],
        callbackData: id,
      }),
    ]);
    expect(await row(id)).toMatchObject({
      status: "sent",
      wamid: s.double.messages[0]!.wamid,
      sent_at: NOON.toISOString(),
      status_at: NOON.toISOString(),
      in_flight_at: null,
      attempts: 1,
    });
  });

  it("fails a message whose parameters Meta refuses, and queues its fallback e-mail instead", async () => {
    quiet();
    const customer = await s.consentingCustomer();
    const tooFew = await s.enqueue(customer.id, "order-received");
    await s.t.db
      .updateTable("whatsapp_messages")
      .set({ parameters: '["Maria","LE-1"]' })
      .where("id", "=", tooFew)
      .execute();
    const multiline = await s.enqueue(customer.id, "back-in-stock");
    await s.t.db
      .updateTable("whatsapp_messages")
      .set({ parameters: JSON.stringify(["Maria", "Calça\nEscolar", "https://loja.test/p"]) })
      .where("id", "=", multiline)
      .execute();

    expect(await s.worker().drain()).toBe(0);
    expect(s.double.messages).toEqual([]);
    expect(s.double.refusals.map((refusal) => refusal.code).sort()).toEqual([132000, 132018]);
    const failed = await row(tooFew);
    expect(failed).toMatchObject({ status: "failed", in_flight_at: null, attempts: 1 });
    expect(failed.last_error).toBe("132000 Number of parameters does not match the expected number of params");
    expect((await row(multiline)).last_error).toMatch(/^132018 /);

    await s.t.mailWorker.drain();
    expect(s.t.mail.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      [customer.email, "Aviso back-in-stock"],
      [customer.email, "Aviso order-received"],
    ]);
    const fallback = await s.t.db
      .selectFrom("mail_outbox")
      .select(["id", "kind", "customer_id"])
      .where("id", "=", failed.fallback_mail_id!)
      .executeTakeFirstOrThrow();
    expect(fallback).toMatchObject({ kind: "whatsapp-fallback", customer_id: customer.id });
  });

  it("tries again after Meta's 500, with a growing wait, and sends once", async () => {
    quiet();
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    s.double.failNext(2);
    expect(await s.worker().drain()).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      in_flight_at: null,
      last_error: "131000 Something went wrong",
      next_attempt_at: new Date(NOON.getTime() + 30_000).toISOString(),
    });
    expect(await s.worker().drain()).toBe(0); // not due yet
    s.advance(30_000);
    expect(await s.worker().drain()).toBe(0);
    expect((await row(id)).next_attempt_at).toBe(new Date(NOON.getTime() + 90_000).toISOString());
    s.advance(60_000);
    expect(await s.worker().drain()).toBe(1);
    expect(s.double.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3, last_error: null });
  });

  it("keeps the messages queued while Meta refuses the access token, and says so", async () => {
    const error = quiet();
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    expect(await s.worker({ accessToken: "EAAwrongTokenwrongTokenwrongToken" }).drain()).toBe(0);
    expect(await row(id)).toMatchObject({ status: "queued", last_error: expect.stringMatching(/^190 /) });
    expect(error.mock.calls.flat().join(" ")).toContain("WHATSAPP_ACCESS_TOKEN");
    expect(error.mock.calls.flat().join(" ")).not.toContain(customer.number);
  });

  it("holds a reminder during the quiet hours until they end, but not other messages", async () => {
    const customer = await s.consentingCustomer();
    const sale = await insertSale(s.t.db, { customer_id: customer.id, status: "pending" });
    const night = new Date("2026-11-28T01:30:00Z"); // 22:30 in Recife
    s.setNow(night);
    const reminder = await s.enqueue(customer.id, "pix-expiring", sale);
    const order = await s.enqueue(customer.id, "order-received", sale);
    expect(await s.worker({ quietHours: RECIFE_QUIET_HOURS }).drain()).toBe(1);
    expect(s.double.messages.map((message) => message.callbackData)).toEqual([order]);
    // 8:00 in Recife.
    expect(await row(reminder)).toMatchObject({
      status: "queued",
      attempts: 0,
      next_attempt_at: "2026-11-28T11:00:00.000Z",
    });
    s.setNow(new Date("2026-11-28T11:00:00Z"));
    expect(await s.worker({ quietHours: RECIFE_QUIET_HOURS }).drain()).toBe(1);
    expect(s.double.messages.map((message) => message.callbackData)).toEqual([order, reminder]);
  });

  it("cancels a reminder whose order was paid or cancelled before it went", async () => {
    const customer = await s.consentingCustomer();
    const paid = await insertSale(s.t.db, { customer_id: customer.id, status: "paid" });
    const cancelled = await insertSale(s.t.db, { customer_id: customer.id, status: "cancelled" });
    const ids = [
      await s.enqueue(customer.id, "order-unpaid", paid),
      await s.enqueue(customer.id, "pix-expiring", cancelled),
    ];
    expect(await s.worker().drain()).toBe(0);
    expect(s.double.messages).toEqual([]);
    for (const id of ids)
      expect(await row(id)).toMatchObject({ status: "cancelled", last_error: SALE_SETTLED, sent_at: null });
  });

  it("never sends a Pix message once its Pix expired, even one held through the quiet hours", async () => {
    const customer = await s.consentingCustomer();
    const expired = await pixSale(customer.id, NOON.toISOString());
    const orderPix = await s.enqueue(customer.id, "order-received-pix", expired);
    expect(await s.worker().drain()).toBe(0);
    expect(await row(orderPix)).toMatchObject({ status: "cancelled", last_error: PIX_EXPIRED, sent_at: null });

    // 22:30 in Recife, the Pix expires at 23:00: the reminder waits for 8:00, past the expiry.
    s.setNow(new Date("2026-11-28T01:30:00Z"));
    const sale = await pixSale(customer.id, "2026-11-28T02:00:00.000Z");
    const reminder = await s.enqueue(customer.id, "pix-expiring", sale);
    expect(await s.worker({ quietHours: RECIFE_QUIET_HOURS }).drain()).toBe(0);
    expect((await row(reminder)).status).toBe("queued");
    s.setNow(new Date("2026-11-28T11:00:00Z"));
    expect(await s.worker({ quietHours: RECIFE_QUIET_HOURS }).drain()).toBe(0);
    expect(await row(reminder)).toMatchObject({ status: "cancelled", last_error: PIX_EXPIRED, sent_at: null });
    expect(s.double.messages).toEqual([]);
    await s.t.mailWorker.drain();
    expect(s.t.mail).toEqual([]);
  });

  it("fails a message whose every send timed out, once the last wait passed without word, into its e-mail", async () => {
    quiet();
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    await s.t.db
      .updateTable("whatsapp_messages")
      .set({ attempts: WHATSAPP_MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    s.double.hang(true);
    expect(await s.worker().drain()).toBe(0);
    s.double.hang(false);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: WHATSAPP_MAX_ATTEMPTS });
    s.advance(IN_FLIGHT_GRACE_MS);
    expect(await s.worker().drain()).toBe(0);
    expect(s.double.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "failed", last_error: NO_ANSWER, in_flight_at: null });
    await s.t.mailWorker.drain();
    expect(s.t.mail.map((mail) => [mail.to, mail.subject])).toEqual([[customer.email, "Aviso order-received"]]);
  });

  it("never gives a message up for a refused access token: it waits, uncounted, at the longest wait", async () => {
    const error = quiet();
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    await s.t.db
      .updateTable("whatsapp_messages")
      .set({ attempts: WHATSAPP_MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    expect(await s.worker({ accessToken: "EAAwrongTokenwrongTokenwrongToken" }).drain()).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "queued",
      attempts: WHATSAPP_MAX_ATTEMPTS - 1,
      in_flight_at: null,
      next_attempt_at: new Date(NOON.getTime() + TOKEN_RETRY_MS).toISOString(),
    });
    expect(error.mock.calls.flat().join(" ")).toContain("sem contar tentativa");
    // The token fixed: it goes.
    s.advance(TOKEN_RETRY_MS);
    expect(await s.worker().drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: WHATSAPP_MAX_ATTEMPTS });
  });

  it("never has two workers send one message", async () => {
    const customer = await s.consentingCustomer();
    const ids = new Set<string>();
    for (let n = 0; n < 30; n++) ids.add(await s.enqueue(customer.id));
    const sent = await Promise.all([s.worker().drain(), s.worker().drain(), s.worker().drain()]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(s.double.messages).toHaveLength(30);
    expect(new Set(s.double.messages.map((message) => message.callbackData))).toEqual(ids);
  });
});

describe("a send whose answer was never recorded (a crash mid-send)", () => {
  /** The row as a server killed after marking it in flight leaves it: its lease run out. */
  async function crashedMidSend(id: string) {
    await s.t.db
      .updateTable("whatsapp_messages")
      .set({
        in_flight_at: s.now().toISOString(),
        attempts: 1,
        claimed_until: s.now().toISOString(),
        claim_token: "morto",
      })
      .where("id", "=", id)
      .execute();
  }

  it("waits for Meta's webhook, which settles it by the echoed row id: never sent again", async () => {
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    await crashedMidSend(id);
    s.advance(60_000);
    expect(await s.worker().drain()).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "queued",
      next_attempt_at: new Date(NOON.getTime() + IN_FLIGHT_GRACE_MS).toISOString(),
    });
    // Meta had taken it: its 'sent' status names the row.
    const delivery = await s.double.sendStatus({
      wamid: "wamid.tomado-antes-da-queda",
      status: "sent",
      callbackData: id,
    });
    expect(delivery.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "sent", wamid: "wamid.tomado-antes-da-queda", in_flight_at: null });
    s.advance(IN_FLIGHT_GRACE_MS);
    expect(await s.worker().drain()).toBe(0);
    expect(s.double.messages).toEqual([]);
  });

  it("treats a send Meta did not answer in time the same way: no second send while Meta may have it", async () => {
    quiet();
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    s.double.hang(true);
    expect(await s.worker().drain()).toBe(0);
    s.double.hang(false);
    // The double took it (as Meta may have) but its answer never came.
    expect(s.double.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: "queued",
      in_flight_at: NOON.toISOString(),
      last_error: expect.stringMatching(/^tempo esgotado/),
      next_attempt_at: new Date(NOON.getTime() + IN_FLIGHT_GRACE_MS).toISOString(),
    });
    expect(await s.worker().drain()).toBe(0);
    await s.double.sendStatus({ wamid: s.double.messages[0]!.wamid, status: "delivered" });
    expect(await row(id)).toMatchObject({
      status: "delivered",
      wamid: s.double.messages[0]!.wamid,
      in_flight_at: null,
    });
    s.advance(IN_FLIGHT_GRACE_MS);
    expect(await s.worker().drain()).toBe(0);
    expect(s.double.messages).toHaveLength(1);
  });

  it("sends it again once the wait passes without word from Meta", async () => {
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    await crashedMidSend(id);
    quiet();
    s.advance(IN_FLIGHT_GRACE_MS);
    expect(await s.worker().drain()).toBe(1);
    expect(s.double.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", in_flight_at: null, attempts: 2 });
  });
});
