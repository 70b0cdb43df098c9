import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoItems, shopperWithCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale, type SaleFixture } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { writeConsent } from "../consent.ts";
import { WHATSAPP_TEMPLATES } from "../templates.ts";
import { sendReminders } from "./reminders.ts";

// Issue 31's reminders: each once per sale or cart, never in the quiet hours (21h–8h in Recife),
// only for pending sales; WhatsApp (with its e-mail as fallback) to who opted in, e-mail to the rest.

/** 10:00 in Recife (UTC−3). */
const MORNING = new Date("2026-11-27T13:00:00.000Z");
const HOUR = 60 * 60_000;
const QUIET = { from: 21, to: 8, timeZone: "America/Recife" };
const PIX_CODE = "00020101021226830014br.gov.bcb.pix2561qrcode.exemplo.com.br/pix/v2/9d36b84f5204000053039865406189.90";
const BOLETO_LINE = "23793381286000000000300000000400184340000018990";

let t: TestApi;
let shirt: number;

beforeAll(async () => {
  t = await createTestApi({ now: MORNING });
  shirt = (await demoItems(t.db)).P[0]!.itemTOTVSId;
});
afterAll(() => t.close());

const depsAt = (at: Date, whatsapp = true) => ({
  db: t.db,
  now: () => at,
  publicUrl: t.publicUrl,
  quietHours: QUIET,
  ...(whatsapp ? { whatsapp: {} } : {}),
});

async function customer({ consent }: { consent: boolean }): Promise<SignedUpCustomer> {
  const signedUp = await signUpAndLogIn(t);
  if (consent) await writeConsent(t.db, signedUp.id, { consent: true, source: "conta", at: MORNING });
  return signedUp;
}

const ITEMS = [{ student_name: "Ana", items: [{ title: "Caderno", quantity: 1, unit_price_cents: 18_990 }] }];

async function sale(customerId: string, fields: Partial<SaleFixture> & { pix?: string }): Promise<string> {
  const { pix, ...rest } = fields;
  const id = await insertSale(t.db, {
    customer_id: customerId,
    status: "pending",
    created_at: MORNING.toISOString(),
    bags: ITEMS,
    ...rest,
  });
  if (pix)
    await t.db
      .updateTable("sales")
      .set({ pix_copy_paste: PIX_CODE, pix_expires_at: pix })
      .where("id", "=", id)
      .execute();
  return id;
}

const pixSale = (customerId: string, expiresAt: Date, status: SaleFixture["status"] = "pending") =>
  sale(customerId, { payment_method_code: "3", status, pix: expiresAt.toISOString() });

async function whatsappOf(saleId: string) {
  return t.db.selectFrom("whatsapp_messages").selectAll().where("sale_id", "=", saleId).execute();
}

async function remindersMailed(saleId: string) {
  return t.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("sale_id", "=", saleId)
    .where("kind", "=", "reminder")
    .execute();
}

describe("the reminders", () => {
  it("remind of a Pix 10 minutes before it expires, once, by WhatsApp with the e-mail kept as fallback", async () => {
    const parent = await customer({ consent: true });
    const soon = await pixSale(parent.id, new Date(MORNING.getTime() + 8 * 60_000));
    const later = await pixSale(parent.id, new Date(MORNING.getTime() + 15 * 60_000));
    const gone = await pixSale(parent.id, new Date(MORNING.getTime() - 60_000));

    await sendReminders(depsAt(MORNING));
    const [message, ...more] = await whatsappOf(soon);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ kind: "pix-expiring", quiet_hours: 1, status: "queued" });
    const parameters = JSON.parse(message!.parameters) as string[];
    expect(parameters).toHaveLength(WHATSAPP_TEMPLATES["pix-expiring"].parameters.length);
    expect(parameters).toEqual(["Fernanda", expect.any(String), "R$ 189,90", "10:08", PIX_CODE]);
    expect(message!.fallback_subject).toMatch(/^O Pix do pedido .+ expira às 10:08 - Loja Escolar$/);
    expect(message!.fallback_text).toContain(PIX_CODE);
    expect(message!.fallback_text).toContain(`${t.publicUrl}/conclusao?venda=${soon}`);
    expect(message!.fallback_html).toContain(`<a href="${t.publicUrl}/conclusao?venda=${soon}">`);
    // WhatsApp only: the e-mail is its fallback, not a second message.
    expect(await remindersMailed(soon)).toEqual([]);
    expect(await whatsappOf(later)).toEqual([]);
    expect(await whatsappOf(gone)).toEqual([]);

    await sendReminders(depsAt(new Date(MORNING.getTime() + 60_000)));
    expect(await whatsappOf(soon)).toHaveLength(1);
  });

  it("e-mail the reminder to a customer who did not opt in, and to everyone while WhatsApp is off", async () => {
    const parent = await customer({ consent: false });
    const saleId = await pixSale(parent.id, new Date(MORNING.getTime() + 5 * 60_000));
    const opted = await customer({ consent: true });
    const whatsappOff = await pixSale(opted.id, new Date(MORNING.getTime() + 5 * 60_000));

    await sendReminders(depsAt(MORNING, false));
    await sendReminders(depsAt(MORNING));
    expect(await whatsappOf(saleId)).toEqual([]);
    expect(await whatsappOf(whatsappOff)).toEqual([]);
    const [mail, ...more] = await remindersMailed(saleId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ recipient: parent.email, customer_id: parent.id });
    expect(mail!.subject).toMatch(/^O Pix do pedido .+ expira às 10:05/);
    expect(await remindersMailed(whatsappOff)).toHaveLength(1);
  });

  it("remind of a boleto the day before it is due, in the store's time zone", async () => {
    // 20:30 in Recife is already the 28th in UTC: tomorrow is still the 28th.
    const evening = new Date("2026-11-27T23:30:00.000Z");
    const parent = await customer({ consent: true });
    const boleto = (due: string) =>
      sale(parent.id, {
        payment_method_code: "0",
        boleto_due_date: due,
        boleto_digitable_line: BOLETO_LINE,
        created_at: new Date(MORNING.getTime() - 2 * HOUR).toISOString(),
      });
    const tomorrow = await boleto("2026-11-28");
    const afterTomorrow = await boleto("2026-11-29");

    await sendReminders(depsAt(evening));
    const [message] = await whatsappOf(tomorrow);
    expect(message).toMatchObject({ kind: "boleto-due-tomorrow", quiet_hours: 1 });
    const parameters = JSON.parse(message!.parameters) as string[];
    expect(parameters).toHaveLength(WHATSAPP_TEMPLATES["boleto-due-tomorrow"].parameters.length);
    expect(parameters[3]).toBe("28/11/2026");
    expect(parameters[4]).toBe("23793.38128 60000.000003 00000.000400 1 84340000018990");
    expect(message!.fallback_text).toContain(`${t.publicUrl}/boleto/${tomorrow}`);
    expect(await whatsappOf(afterTomorrow)).toEqual([]);
  });

  it("remind of a Pix only while it has 2 minutes left, so the message never names a time past", async () => {
    const parent = await customer({ consent: true });
    const justInTime = await pixSale(parent.id, new Date(MORNING.getTime() + 2 * 60_000));
    const tooLate = await pixSale(parent.id, new Date(MORNING.getTime() + 2 * 60_000 - 1_000));

    await sendReminders(depsAt(MORNING));
    expect((await whatsappOf(justInTime)).map((message) => message.kind)).toEqual(["pix-expiring"]);
    expect(await whatsappOf(tooLate)).toEqual([]);
    expect(await remindersMailed(tooLate)).toEqual([]);
  });

  it("count the boleto's tomorrow and the quiet hours in the store's time zone, not Recife's", async () => {
    // 21:30 in Recife (quiet there) is 20:30 in Manaus, still the 27th: tomorrow is the 28th.
    const manausEvening = new Date("2026-11-28T00:30:00.000Z");
    const manaus = { ...depsAt(manausEvening), quietHours: { ...QUIET, timeZone: "America/Manaus" } };
    const parent = await customer({ consent: true });
    const boletoDue = (due: string) =>
      sale(parent.id, {
        payment_method_code: "0",
        boleto_due_date: due,
        boleto_digitable_line: BOLETO_LINE,
        created_at: new Date(MORNING.getTime() - 2 * HOUR).toISOString(),
      });
    const tomorrow = await boletoDue("2026-11-28");
    const utcTomorrow = await boletoDue("2026-11-29");

    expect((await sendReminders(depsAt(manausEvening))).quiet).toBe(true);
    const run = await sendReminders(manaus);
    expect(run.quiet).toBe(false);
    expect((await whatsappOf(tomorrow)).map((message) => message.kind)).toEqual(["boleto-due-tomorrow"]);
    expect(await whatsappOf(utcTomorrow)).toEqual([]);
  });

  it("leave a boleto placed less than 12 hours ago alone: its order message just gave the line", async () => {
    // 20:00 in Recife on the 27th; the boleto is due on the 28th.
    const evening = new Date("2026-11-27T23:00:00.000Z");
    const parent = await customer({ consent: true });
    const placed = (hoursBefore: number) =>
      sale(parent.id, {
        payment_method_code: "0",
        boleto_due_date: "2026-11-28",
        boleto_digitable_line: BOLETO_LINE,
        created_at: new Date(evening.getTime() - hoursBefore * HOUR).toISOString(),
      });
    const justPlaced = await placed(11);
    const placedEarlier = await placed(12);

    await sendReminders(depsAt(evening));
    expect(await whatsappOf(justPlaced)).toEqual([]);
    expect((await whatsappOf(placedEarlier)).map((message) => message.kind)).toEqual(["boleto-due-tomorrow"]);
  });

  it("send no 'order unpaid' to a boleto already reminded that it is due tomorrow", async () => {
    const parent = await customer({ consent: false });
    // Placed on the 26th at 8:00 in Recife, due on the 28th: reminded on the 27th at 10:00.
    const boleto = await sale(parent.id, {
      payment_method_code: "0",
      boleto_due_date: "2026-11-28",
      boleto_digitable_line: BOLETO_LINE,
      created_at: "2026-11-26T11:00:00.000Z",
    });
    const other = await sale(parent.id, { payment_method_code: "0", created_at: "2026-11-26T11:00:00.000Z" });

    await sendReminders(depsAt(MORNING));
    await sendReminders(depsAt(new Date(MORNING.getTime() + 2 * HOUR)));
    const subjects = (await remindersMailed(boleto)).map((mail) => mail.subject);
    expect(subjects).toEqual([expect.stringMatching(/^O boleto do pedido .+ vence amanhã - Loja Escolar$/)]);
    expect(await remindersMailed(other)).toHaveLength(1);
  });

  it("remind of an order unpaid after 24 hours once, and never of a paid or cancelled one", async () => {
    const parent = await customer({ consent: false });
    const dayAgo = (hours: number) => new Date(MORNING.getTime() - hours * HOUR).toISOString();
    const unpaid = await sale(parent.id, { payment_method_code: "0", created_at: dayAgo(25) });
    const recent = await sale(parent.id, { payment_method_code: "0", created_at: dayAgo(23) });
    const paid = await sale(parent.id, { payment_method_code: "0", created_at: dayAgo(25), status: "paid" });
    const cancelled = await sale(parent.id, { payment_method_code: "0", created_at: dayAgo(25), status: "cancelled" });
    const paidPix = await pixSale(parent.id, new Date(MORNING.getTime() + 5 * 60_000), "paid");

    await sendReminders(depsAt(MORNING));
    await sendReminders(depsAt(new Date(MORNING.getTime() + 30 * 60_000)));
    const [mail, ...more] = await remindersMailed(unpaid);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^O pedido .+ aguarda o pagamento - Loja Escolar$/);
    expect(mail!.text_body).toContain(`${t.publicUrl}/conclusao?venda=${unpaid}`);
    for (const saleId of [recent, paid, cancelled, paidPix]) expect(await remindersMailed(saleId)).toEqual([]);
  });

  it("send nothing in the quiet hours, and what is due at 8:00", async () => {
    const parent = await customer({ consent: true });
    // Unpaid for 25 hours at 22:00 in Recife.
    const saleId = await sale(parent.id, { payment_method_code: "0", created_at: "2026-11-27T00:00:00.000Z" });
    const atNight = new Date("2026-11-28T01:00:00.000Z"); // 22:00 in Recife
    const beforeEight = new Date("2026-11-28T10:59:00.000Z"); // 07:59
    const eight = new Date("2026-11-28T11:00:00.000Z"); // 08:00

    expect((await sendReminders(depsAt(atNight))).quiet).toBe(true);
    expect((await sendReminders(depsAt(beforeEight))).quiet).toBe(true);
    expect(await whatsappOf(saleId)).toEqual([]);
    const run = await sendReminders(depsAt(eight));
    expect(run.quiet).toBe(false);
    const messages = await whatsappOf(saleId);
    expect(messages.map((message) => message.kind)).toEqual(["order-unpaid"]);
    const parameters = JSON.parse(messages[0]!.parameters) as string[];
    expect(parameters).toHaveLength(WHATSAPP_TEMPLATES["order-unpaid"].parameters.length);
    expect(parameters[3]).toBe(`${t.publicUrl}/conclusao?venda=${saleId}`);
    expect(messages[0]!.fallback_subject).toMatch(/aguarda o pagamento/);
  });

  it("remind of a cart left 24 hours only a customer who opted in, by WhatsApp, once", async () => {
    const left = async (consent: boolean) => {
      const { customer: shopper, cart } = await shopperWithCart(t, [shirt, 2]);
      if (consent) await writeConsent(t.db, shopper.id, { consent: true, source: "conta", at: MORNING });
      const day = new Date(MORNING.getTime() - 25 * HOUR).toISOString();
      await t.db.updateTable("carts").set({ updated_at: day }).where("id", "=", cart.cartId).execute();
      return { shopper, cartId: cart.cartId };
    };
    const opted = await left(true);
    const notOpted = await left(false);
    const finished = await left(true);
    await t.db
      .updateTable("carts")
      .set({ finished_at: MORNING.toISOString() })
      .where("id", "=", finished.cartId)
      .execute();
    const fresh = await left(true);
    await t.db.updateTable("carts").set({ updated_at: MORNING.toISOString() }).where("id", "=", fresh.cartId).execute();

    await sendReminders(depsAt(MORNING));
    await sendReminders(depsAt(new Date(MORNING.getTime() + HOUR)));
    const cartMessages = (customerId: string) =>
      t.db
        .selectFrom("whatsapp_messages")
        .selectAll()
        .where("customer_id", "=", customerId)
        .where("kind", "=", "cart-left")
        .execute();
    const [message, ...more] = await cartMessages(opted.shopper.id);
    expect(more).toEqual([]);
    const parameters = JSON.parse(message!.parameters) as string[];
    expect(parameters).toEqual(["Fernanda", "2 itens", `${t.publicUrl}/?carrinho=aberto`]);
    expect(message!.fallback_subject).toBe("Você deixou itens no carrinho - Loja Escolar");
    expect(message!.sale_id).toBeNull();
    expect(await cartMessages(notOpted.shopper.id)).toEqual([]);
    expect(await cartMessages(finished.shopper.id)).toEqual([]);
    expect(await cartMessages(fresh.shopper.id)).toEqual([]);
    const mailed = await t.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("customer_id", "=", notOpted.shopper.id)
      .where("kind", "=", "reminder")
      .execute();
    expect(mailed).toEqual([]);
  });

  it("queue one reminder when two runs go at once (the reminder's key)", async () => {
    const parent = await customer({ consent: true });
    const saleId = await pixSale(parent.id, new Date(MORNING.getTime() + 3 * 60_000));
    await Promise.all([sendReminders(depsAt(MORNING)), sendReminders(depsAt(MORNING))]);
    expect(await whatsappOf(saleId)).toHaveLength(1);
    const rows = await t.db.selectFrom("message_reminders").selectAll().where("subject_id", "=", saleId).execute();
    expect(rows.map((row) => row.kind)).toEqual(["pix-expiring"]);
  });
});
