import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoItems } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale, type SaleFixture } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { enqueueReadyEmail } from "../gestor/delivery/ready-email.ts";
import { enqueuePaymentConfirmedEmail, enqueuePurchaseEmail } from "../sales/sale-emails.ts";
import { setStockLevel } from "../stock/repository.ts";
import { writeConsent } from "./consent.ts";
import { WHATSAPP_TEMPLATES, type WhatsappKind } from "./templates.ts";

// Issue 31: each event's e-mail goes as before, and a customer who opted in gets its WhatsApp
// message too, with the template's exact number of parameters and no fallback (the e-mail went).

const NOW = new Date("2026-11-27T13:00:00.000Z");
const PIX_CODE = "00020101021226830014br.gov.bcb.pix2561qrcode.exemplo.com.br/pix/v2/9d36b84f5204000053039865406189.90";
const BOLETO_LINE = "23793381286000000000300000000400184340000018990";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
const deps = () => ({ db: t.db, now: () => NOW, publicUrl: t.publicUrl, whatsapp: {} });

beforeAll(async () => {
  t = await createTestApi({ now: NOW });
  items = await demoItems(t.db);
});
afterAll(() => t.close());

async function customer(consent: boolean) {
  const signedUp = await signUpAndLogIn(t);
  if (consent) await writeConsent(t.db, signedUp.id, { consent: true, source: "checkout", at: NOW });
  return signedUp;
}

const GOODS = [{ student_name: "Ana", items: [{ title: "Caderno", quantity: 1, unit_price_cents: 18_990 }] }];

async function sale(customerId: string, fields: Partial<SaleFixture> = {}) {
  return insertSale(t.db, { customer_id: customerId, bags: GOODS, ...fields });
}

/** The one WhatsApp message of the sale (or the customer), with its parameters checked against its template. */
async function onlyMessage(where: { saleId?: string; customerId?: string }, kind: WhatsappKind) {
  let query = t.db.selectFrom("whatsapp_messages").selectAll();
  if (where.saleId) query = query.where("sale_id", "=", where.saleId);
  if (where.customerId) query = query.where("customer_id", "=", where.customerId);
  const rows = await query.execute();
  expect(rows.map((row) => row.kind)).toEqual([kind]);
  const row = rows[0]!;
  const parameters = JSON.parse(row.parameters) as string[];
  expect(parameters).toHaveLength(WHATSAPP_TEMPLATES[kind].parameters.length);
  expect(row.template).toBe(WHATSAPP_TEMPLATES[kind].name);
  expect(row.quiet_hours).toBe(0);
  expect(row.fallback_subject).toBeNull();
  return parameters;
}

const inTransaction = <T>(work: (trx: typeof t.db) => Promise<T>) => t.db.transaction().execute(work);

describe("the events' WhatsApp messages", () => {
  it("order received with a Pix: the copia e cola and its expiry; the e-mail says whom it is about", async () => {
    const parent = await customer(true);
    const saleId = await sale(parent.id, { status: "pending", payment_method_code: "3" });
    await t.db
      .updateTable("sales")
      .set({ pix_copy_paste: PIX_CODE, pix_expires_at: "2026-11-27T13:30:00.000Z" })
      .where("id", "=", saleId)
      .execute();
    await inTransaction((trx) => enqueuePurchaseEmail(trx, deps(), parent.id, saleId));
    const parameters = await onlyMessage({ saleId }, "order-received-pix");
    expect(parameters).toEqual(["Fernanda", expect.any(String), "R$ 189,90", "10:30 de 27/11/2026", PIX_CODE]);
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select(["kind", "customer_id"])
      .where("sale_id", "=", saleId)
      .execute();
    expect(mail).toEqual([{ kind: "purchase", customer_id: parent.id }]);
  });

  it("order received with a boleto: the due date and the readable line", async () => {
    const parent = await customer(true);
    const saleId = await sale(parent.id, {
      status: "pending",
      payment_method_code: "0",
      boleto_due_date: "2026-11-30",
      boleto_digitable_line: BOLETO_LINE,
    });
    await inTransaction((trx) => enqueuePurchaseEmail(trx, deps(), parent.id, saleId));
    const parameters = await onlyMessage({ saleId }, "order-received-boleto");
    expect(parameters.slice(3)).toEqual(["30/11/2026", "23793.38128 60000.000003 00000.000400 1 84340000018990"]);
  });

  it("order received paid by card: the link to Minha Conta", async () => {
    const parent = await customer(true);
    const saleId = await sale(parent.id, { status: "paid", payment_method_code: "1" });
    await inTransaction((trx) => enqueuePurchaseEmail(trx, deps(), parent.id, saleId));
    expect((await onlyMessage({ saleId }, "order-received"))[3]).toBe(`${t.publicUrl}/conta`);
  });

  it("nothing by WhatsApp to a customer who did not opt in, or while WhatsApp is off: the e-mail only", async () => {
    const parent = await customer(false);
    const saleId = await sale(parent.id, { status: "paid", payment_method_code: "1" });
    await inTransaction((trx) => enqueuePurchaseEmail(trx, deps(), parent.id, saleId));
    await inTransaction((trx) => enqueuePaymentConfirmedEmail(trx, deps(), saleId));
    const opted = await customer(true);
    const off = await sale(opted.id, { status: "paid", payment_method_code: "1" });
    await inTransaction((trx) => enqueuePurchaseEmail(trx, { ...deps(), whatsapp: undefined }, opted.id, off));
    const messages = await t.db
      .selectFrom("whatsapp_messages")
      .select("id")
      .where("sale_id", "in", [saleId, off])
      .execute();
    expect(messages).toEqual([]);
    const mails = await t.db.selectFrom("mail_outbox").select("kind").where("sale_id", "=", saleId).execute();
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["payment-confirmed", "purchase"]);
  });

  it("payment confirmed: the pickup code, or a follow-up for a sale of courses only", async () => {
    const parent = await customer(true);
    const goods = await sale(parent.id, { status: "paid" });
    await inTransaction((trx) => enqueuePaymentConfirmedEmail(trx, deps(), goods));
    const { pickup_code: code } = await t.db
      .selectFrom("sales")
      .select("pickup_code")
      .where("id", "=", goods)
      .executeTakeFirstOrThrow();
    expect((await onlyMessage({ saleId: goods }, "payment-confirmed"))[3]).toBe(
      `Código de retirada: ${code!.slice(0, 3)}-${code!.slice(3)}. Retire na unidade quando avisarmos que está pronto.`,
    );
    const courses = await sale(parent.id, {
      status: "paid",
      bags: [{ student_name: "Ana", items: [{ title: "Natação", quantity: 1, unit_price_cents: 9_000, type: "S" }] }],
    });
    await inTransaction((trx) => enqueuePaymentConfirmedEmail(trx, deps(), courses));
    expect((await onlyMessage({ saleId: courses }, "payment-confirmed"))[3]).toBe(
      "Acompanhe o pedido em Minha Conta, na Loja Escolar.",
    );
  });

  it("ready for pickup: all or part of it, the unit, its address and hours, the code", async () => {
    const parent = await customer(true);
    const bags = [
      {
        student_name: "Ana",
        items: [
          { title: "Caderno", quantity: 1, unit_price_cents: 1_000, unit_code: "1" },
          { title: "Lápis", quantity: 1, unit_price_cents: 500, unit_code: "1" },
        ],
      },
    ];
    const saleId = await sale(parent.id, { status: "paid", bags });
    const markReady = (title: string) =>
      t.db
        .updateTable("sale_bag_items")
        .set({ delivery_state: "ready" })
        .where("title", "=", title)
        .where("sale_bag_id", "in", (qb) => qb.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId))
        .execute();
    await markReady("Caderno");
    await inTransaction((trx) => enqueueReadyEmail(trx, deps(), saleId));
    const part = await onlyMessage({ saleId }, "pickup-ready");
    const unit = await t.db
      .selectFrom("school_units")
      .select(["name", "address", "city", "pickup_hours", "phone"])
      .where("code", "=", "1")
      .executeTakeFirstOrThrow();
    expect(part.slice(1, 2)).toEqual(["Parte dos itens está pronta para retirada"]);
    expect(part.slice(3, 6)).toEqual([
      unit.name,
      `${unit.address}, ${unit.city}`,
      unit.pickup_hours ?? `consulte a secretaria: ${unit.phone}`,
    ]);
    expect(part[6]).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);

    await t.db.deleteFrom("whatsapp_messages").where("sale_id", "=", saleId).execute();
    await markReady("Lápis");
    await inTransaction((trx) => enqueueReadyEmail(trx, deps(), saleId));
    expect((await onlyMessage({ saleId }, "pickup-ready"))[1]).toBe("Está tudo pronto para retirada");
    const mails = await t.db.selectFrom("mail_outbox").select("customer_id").where("sale_id", "=", saleId).execute();
    expect(mails).toEqual([{ customer_id: parent.id }, { customer_id: parent.id }]);
  });

  it("back in stock, to a signed-in customer's alert only", async () => {
    const parent = await customer(true);
    const item = { storeId: 1, unitCode: "1", itemTotvsId: items.P[1]!.itemTOTVSId };
    const alert = (customerId: string | null, email: string) => ({
      id: crypto.randomUUID(),
      store_id: 1,
      unit_code: item.unitCode,
      item_totvs_id: item.itemTotvsId,
      email,
      customer_id: customerId,
      consent_at: NOW.toISOString(),
      storefront_url: t.publicUrl,
      created_at: NOW.toISOString(),
      notified_at: null,
    });
    await t.db
      .insertInto("stock_alerts")
      .values([alert(parent.id, parent.email), alert(null, "visitante@exemplo.com.br")])
      .execute();
    const at = NOW.toISOString();
    await inTransaction(async (trx) => {
      await setStockLevel(trx, item, 0, { reason: "adjust", at, whatsapp: {} });
      await setStockLevel(trx, item, 3, { reason: "adjust", at, whatsapp: {} });
    });
    const parameters = await onlyMessage({ customerId: parent.id }, "back-in-stock");
    expect(parameters[1]).toBe(items.P[1]!.title);
    expect(parameters[2]).toMatch(/^http:\/\/loja\.test\/produto\//);
    const mails = await t.db
      .selectFrom("mail_outbox")
      .select(["recipient", "customer_id"])
      .where("kind", "=", "stock-alert")
      .execute();
    expect(mails).toEqual(
      expect.arrayContaining([
        { recipient: parent.email, customer_id: parent.id },
        { recipient: "visitante@exemplo.com.br", customer_id: null },
      ]),
    );
  });

  it("a seat freed: the course, until when it is held, the offer's link", async () => {
    const parent = await customer(true);
    const course = { storeId: 1, unitCode: "1", itemTotvsId: items.S[0]!.itemTOTVSId };
    const at = NOW.toISOString();
    await inTransaction((trx) => setStockLevel(trx, course, 0, { reason: "adjust", at }));
    await t.db
      .insertInto("waiting_list_entries")
      .values({
        id: crypto.randomUUID(),
        store_id: 1,
        unit_code: course.unitCode,
        item_totvs_id: course.itemTotvsId,
        customer_id: parent.id,
        email: parent.email,
        consent_at: at,
        storefront_url: t.publicUrl,
        position: 1,
        status: "waiting",
        offer_token_hash: null,
        offered_at: null,
        offer_expires_at: null,
        converted_sale_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await inTransaction((trx) => setStockLevel(trx, course, 1, { reason: "adjust", at, whatsapp: {} }));
    const parameters = await onlyMessage({ customerId: parent.id }, "seat-offer");
    expect(parameters[1]).toBe(items.S[0]!.title);
    expect(parameters[2]).toBe("10:00 de 28/11/2026");
    expect(parameters[3]).toMatch(/^http:\/\/loja\.test\/lista-de-espera\//);
  });
});
