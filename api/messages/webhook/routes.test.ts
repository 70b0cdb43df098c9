/**
 * GET and POST /webhooks/whatsapp (issue 31; docs/decisions/0080-whatsapp-channel.md), delivered
 * by the Cloud API double over HTTP as Meta would, to the bundled API served on loopback: the
 * subscription check, the signature, statuses moved forward only, a failure into the fallback
 * e-mail, "SAIR". On SQLite and (scripts/test-postgres.sh) PostgreSQL.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi } from "#tests/fixtures/test-api.ts";
import { WHATSAPP_DOUBLE_CREDENTIALS } from "#tests/fixtures/whatsapp-credentials.ts";
import { startWhatsappStore, type WhatsappStore } from "#tests/fixtures/whatsapp-store.ts";
import { readConsent, WITHDRAWN } from "../consent.ts";
import { IN_FLIGHT_GRACE_MS } from "../whatsapp-outbox.ts";

const NOON = new Date("2026-11-27T15:00:00Z");
const NOT_ON_WHATSAPP = "5581920009999";
let s: WhatsappStore;
beforeAll(async () => {
  s = await startWhatsappStore(NOON, { notOnWhatsapp: [NOT_ON_WHATSAPP] });
});
afterAll(() => s.close());
beforeEach(async () => {
  s.setNow(NOON);
  s.double.reset();
  s.t.mail.length = 0;
  await s.t.db.deleteFrom("whatsapp_messages").execute();
  await s.t.db.deleteFrom("mail_outbox").execute();
});

const row = (id: string) =>
  s.t.db.selectFrom("whatsapp_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A sale waiting for its Pix, which expires at `expiresAt` (insertSale writes no Pix). */
async function pixSale(customerId: string, expiresAt: string) {
  const id = await insertSale(s.t.db, { customer_id: customerId, status: "pending" });
  await s.t.db.updateTable("sales").set({ pix_expires_at: expiresAt }).where("id", "=", id).execute();
  return id;
}

/** A message queued and sent through the double: its row id and wamid. */
async function sentMessage() {
  const customer = await s.consentingCustomer();
  const id = await s.enqueue(customer.id);
  await s.worker().drain();
  return { id, wamid: (await row(id)).wamid!, customer };
}

const { verifyToken } = WHATSAPP_DOUBLE_CREDENTIALS;
const subscribe = (token: string) =>
  `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;

describe("Meta's subscription check", () => {
  it("answers the challenge as text to the store's verify token, 403 to any other", async () => {
    const answered = await s.t.api.request(subscribe(verifyToken));
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("1158201444");
    expect((await s.t.api.request(subscribe("outro-token-qualquer-1234"))).status).toBe(403);
    expect((await s.t.api.request("/webhooks/whatsapp?hub.challenge=1")).status).toBe(403);
  });

  it("does not exist while the store has WhatsApp off", async () => {
    const off = await createTestApi({ seed: false });
    try {
      expect((await off.api.request(subscribe(verifyToken))).status).toBe(404);
      expect((await off.api.request("/webhooks/whatsapp", { method: "POST", body: "{}" })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("statuses", () => {
  it("refuses a delivery without a signature or signed with another secret, and changes nothing", async () => {
    const { id, wamid } = await sentMessage();
    expect((await s.double.sendStatus({ wamid, status: "read", signature: "none" })).status).toBe(401);
    expect((await s.double.sendStatus({ wamid, status: "failed", signature: "wrong" })).status).toBe(403);
    // A body changed after it was signed.
    const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: wamid, status: "read" }] } }] }] });
    const signature = createHmac("sha256", WHATSAPP_DOUBLE_CREDENTIALS.appSecret).update(body).digest("hex");
    const tampered = await s.t.api.request("/webhooks/whatsapp", {
      method: "POST",
      headers: { "x-hub-signature-256": `sha256=${signature}` },
      body: body.replace("read", "failed"),
    });
    expect(tampered.status).toBe(403);
    expect(await row(id)).toMatchObject({ status: "sent", failed_at: null, fallback_mail_id: null });
  });

  it("moves a message forward only: a late 'delivered' after 'read' changes nothing", async () => {
    const { id, wamid } = await sentMessage();
    expect((await s.double.sendStatus({ wamid, status: "delivered" })).status).toBe(200);
    expect((await row(id)).status).toBe("delivered");
    await s.double.sendStatus({ wamid, status: "read" });
    const read = await row(id);
    expect(read.status).toBe("read");
    await s.double.sendStatus({ wamid, status: "delivered" });
    await s.double.sendStatus({ wamid, status: "sent" });
    expect(await row(id)).toEqual(read);
  });

  it("answers 200 to a status of a message the store does not know", async () => {
    expect((await s.double.sendStatus({ wamid: "wamid.de-outra-loja", status: "read" })).status).toBe(200);
  });

  it("fails a message Meta reports failed and queues its fallback e-mail once", async () => {
    const { id, wamid, customer } = await sentMessage();
    await s.double.sendStatus({ wamid, status: "delivered" });
    const failure = {
      wamid,
      status: "failed" as const,
      errors: [{ code: 131049, title: "Meta chose not to deliver" }],
    };
    expect((await s.double.sendStatus(failure)).status).toBe(200);
    await s.double.sendStatus(failure);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", last_error: "131049 Meta chose not to deliver" });
    await s.t.mailWorker.drain();
    expect(s.t.mail.map((mail) => [mail.to, mail.subject])).toEqual([[customer.email, "Aviso order-received"]]);
    // Nothing after a failure moves it.
    await s.double.sendStatus({ wamid, status: "read" });
    expect(await row(id)).toEqual(failed);
  });

  it("fails a reminder without its fallback e-mail once its order was paid or its Pix expired", async () => {
    const customer = await s.consentingCustomer();
    const unpaid = await insertSale(s.t.db, { customer_id: customer.id, status: "pending" });
    const pix = await pixSale(customer.id, new Date(NOON.getTime() + 30 * 60_000).toISOString());
    const still = await insertSale(s.t.db, { customer_id: customer.id, status: "pending" });
    const ids = [
      await s.enqueue(customer.id, "order-unpaid", unpaid),
      await s.enqueue(customer.id, "pix-expiring", pix),
      await s.enqueue(customer.id, "boleto-due-tomorrow", still),
    ];
    expect(await s.worker().drain()).toBe(3);
    await s.t.db.updateTable("sales").set({ status: "paid" }).where("id", "=", unpaid).execute();
    s.advance(30 * 60_000);
    for (const id of ids)
      await s.double.sendStatus({
        wamid: (await row(id)).wamid!,
        status: "failed",
        errors: [{ code: 131049, title: "Meta chose not to deliver" }],
      });
    for (const id of ids) expect((await row(id)).status).toBe("failed");
    await s.t.mailWorker.drain();
    expect(s.t.mail.map((mail) => mail.subject)).toEqual(["Aviso boleto-due-tomorrow"]);
  });

  it("fails a message to a number not on WhatsApp, which Meta took and then reports", async () => {
    const customer = await s.consentingCustomer();
    await s.t.db.updateTable("customers").set({ cell_phone: "81920009999" }).where("id", "=", customer.id).execute();
    const id = await s.enqueue(customer.id);
    expect(await s.worker().drain()).toBe(1);
    await s.double.settled();
    expect(await row(id)).toMatchObject({ status: "failed", last_error: "131026 Message undeliverable" });
    await s.t.mailWorker.drain();
    expect(s.t.mail.map((mail) => mail.to)).toEqual([customer.email]);
  });
});

describe('answering "SAIR"', () => {
  it("withdraws the consent of the number's account and cancels what is still queued for it", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const customer = await s.consentingCustomer();
    const other = await s.consentingCustomer();
    const queued = await s.enqueue(customer.id);
    const othersQueued = await s.enqueue(other.id);
    // Meta names many Brazilian senders without the ninth digit.
    const waId = customer.number.slice(0, 4) + customer.number.slice(5);
    expect((await s.double.sendIncoming({ from: waId, text: "  sáir " })).status).toBe(200);
    log.mockRestore();
    expect((await readConsent(s.t.db, customer.id))?.consentedAt).toBeNull();
    expect(await row(queued)).toMatchObject({ status: "cancelled", last_error: WITHDRAWN });
    expect((await readConsent(s.t.db, other.id))?.consentedAt).not.toBeNull();
    expect((await row(othersQueued)).status).toBe("queued");
    expect(await s.worker().drain()).toBe(1);
    expect(s.double.messages.map((message) => message.callbackData)).toEqual([othersQueued]);
  });

  it("stops a message waiting in flight after a timeout, and any message of a deleted account", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const customer = await s.consentingCustomer();
    const id = await s.enqueue(customer.id);
    s.double.hang(true);
    expect(await s.worker().drain()).toBe(0);
    s.double.hang(false);
    expect((await s.double.sendIncoming({ from: customer.number, text: "SAIR" })).status).toBe(200);
    s.advance(IN_FLIGHT_GRACE_MS);
    expect(await s.worker().drain()).toBe(0);
    expect(await row(id)).toMatchObject({ status: "cancelled", last_error: WITHDRAWN, in_flight_at: null });
    expect(s.double.messages).toHaveLength(1);

    const deleted = await s.consentingCustomer();
    const orphan = await s.enqueue(deleted.id);
    await s.t.db
      .updateTable("customers")
      .set({ deleted_at: s.now().toISOString() })
      .where("id", "=", deleted.id)
      .execute();
    expect(await s.worker().drain()).toBe(0);
    expect(await row(orphan)).toMatchObject({ status: "cancelled", last_error: WITHDRAWN });
    expect(s.double.messages).toHaveLength(1);
    log.mockRestore();
    vi.restoreAllMocks();
  });

  it("keeps the consent for any other answer, or a wrongly signed one", async () => {
    const customer = await s.consentingCustomer();
    await s.double.sendIncoming({ from: customer.number, text: "Obrigado! Vou sair para pagar" });
    expect((await s.double.sendIncoming({ from: customer.number, text: "SAIR", signature: "wrong" })).status).toBe(403);
    expect((await readConsent(s.t.db, customer.id))?.consentedAt).not.toBeNull();
  });
});
