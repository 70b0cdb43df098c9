import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bag, demoItems, finishCart, linkByRA, METHOD, saveCart, shopperWithCart } from "#tests/fixtures/carts.ts";
import { logIn, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { cancelSale, confirmSalePayment } from "#api/gestor/sales/service.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { GestorError } from "#api/gestor/gestor-error.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import type { PaymentGateway } from "#api/payments/gateway.ts";
import { applyPaymentState } from "#api/payments/payment-sync.ts";
import { createSandboxGateway, paySandboxPix } from "#api/payments/sandbox-gateway.ts";
import { expireOverdueSales } from "./sale-lifecycle.ts";

const PURCHASE_DAY = new Date("2026-03-02T15:00:00Z"); // noon in Recife; the boleto is due 2026-03-05
const at = (isoDay: string) => new Date(`${isoDay}T15:00:00Z`);
const BOLETO = 1;
const ONE_USE_COUPON = "BEMVINDO10";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
const deps = () => ({
  db: t.db,
  now: () => currentNow,
  publicUrl: t.publicUrl,
  gateway: createSandboxGateway({ db: t.db, now: () => currentNow }),
});
let currentNow = PURCHASE_DAY;
function travelTo(now: Date) {
  currentNow = now;
  t.setNow(now);
}

beforeAll(async () => {
  t = await createTestApi({ now: PURCHASE_DAY });
  items = await demoItems(t.db);
});
afterAll(() => t.close());

/** A customer who bought one item by boleto with the one-use coupon, on PURCHASE_DAY unless told. */
async function boletoPurchaseWithCoupon(day = PURCHASE_DAY) {
  travelTo(day);
  const customer = await signUpAndLogIn(t);
  const { studentId } = await linkByRA(t, customer, "20250003");
  const cart = (await saveCart(t, customer, [bag(studentId, [items.P[0]!.itemTOTVSId, 1])])).body.cart;
  const applied = await applyCoupon(customer, cart.cartId);
  expect(applied.status).toBe(200);
  const finished = await t.call(
    "PUT",
    `/carts/finish-cart-by-customer/${customer.id}/cart/${cart.cartId}/store/1`,
    { paymentMethodId: BOLETO, acceptedTerms: true, deliveryDate: null, installments: 1 },
    { token: customer.token },
  );
  expect(finished.body.finished.statusCode).toBe("pending");
  return { customer, studentId, saleId: finished.body.finished.saleId as string };
}

function applyCoupon(customer: SignedUpCustomer, cartId: string) {
  return t.call(
    "PUT",
    "/cart-items/apply-coupon-discount-on-cart-items",
    { code: ONE_USE_COUPON, cartId, storeId: 1 },
    { token: customer.token },
  );
}

async function statusOf(saleId: string) {
  const sale = await t.db
    .selectFrom("sales")
    .select(["status", "paid_at"])
    .where("id", "=", saleId)
    .executeTakeFirstOrThrow();
  const bags = await t.db.selectFrom("sale_bags").select("status").where("sale_id", "=", saleId).execute();
  return { ...sale, bags: bags.map((row) => row.status) };
}

const couponUsesOf = (saleId: string) =>
  t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();

describe("unpaid boletos expire", () => {
  it("stays payable until three days after its due date, then expires and gives its coupon back", async () => {
    const { customer, studentId, saleId } = await boletoPurchaseWithCoupon();
    const due = (
      await t.db.selectFrom("sales").select("boleto_due_date").where("id", "=", saleId).executeTakeFirstOrThrow()
    ).boleto_due_date;
    expect(due).toBe("2026-03-05");

    travelTo(at("2026-03-08"));
    expect(await expireOverdueSales(deps())).toEqual([]);
    expect((await statusOf(saleId)).status).toBe("pending");

    travelTo(at("2026-03-09"));
    const changes = await expireOverdueSales(deps());
    expect(changes).toEqual([expect.objectContaining({ saleId, from: "pending", to: "expired" })]);
    expect(await statusOf(saleId)).toEqual({ status: "expired", paid_at: null, bags: ["expired"] });
    expect(await couponUsesOf(saleId)).toEqual([]);
    expect(await expireOverdueSales(deps())).toEqual([]);

    // The customer sees it and may use the one-use coupon again on a new order.
    const token = await logIn(t, customer.email, customer.password);
    const sales = await t.call("GET", `/sales/list-sale-by-customer-id/${customer.id}/store/1`, undefined, { token });
    expect(sales.body.sales[0]).toMatchObject({ id: saleId, status: "expired", boletoDigitableLine: null });
    const again = (await saveCart(t, { ...customer, token }, [bag(studentId, [items.P[1]!.itemTOTVSId, 1])])).body.cart;
    expect((await applyCoupon({ ...customer, token }, again.cartId)).status).toBe(200);
  });

  it("leaves paid sales and boletos not yet overdue alone", async () => {
    const overdue = await boletoPurchaseWithCoupon();
    const paidLate = await boletoPurchaseWithCoupon();
    await confirmSalePayment(deps(), paidLate.saleId, COMMAND_LINE);
    const fresh = await boletoPurchaseWithCoupon(at("2026-03-04"));
    travelTo(at("2026-03-09"));
    const changes = await expireOverdueSales(deps());
    expect(changes.map((change) => change.saleId)).toEqual([overdue.saleId]);
    expect((await statusOf(paidLate.saleId)).status).toBe("paid");
    expect((await statusOf(fresh.saleId)).status).toBe("pending");
  });
});

describe("the gestor cancels or confirms a sale", () => {
  it("cancels an unpaid sale and gives its coupon back; a cancelled sale cannot be confirmed", async () => {
    const { saleId, customer } = await boletoPurchaseWithCoupon();
    expect(await cancelSale(deps(), saleId, COMMAND_LINE)).toMatchObject({ saleId, from: "pending", to: "cancelled" });
    expect(await statusOf(saleId)).toEqual({ status: "cancelled", paid_at: null, bags: ["cancelled"] });
    expect(await couponUsesOf(saleId)).toEqual([]);
    await expect(confirmSalePayment(deps(), saleId, COMMAND_LINE)).rejects.toThrow(GestorError);
    await expect(cancelSale(deps(), saleId, COMMAND_LINE)).rejects.toThrow(/não pode ser cancelada/);
    await t.mailWorker.drain();
    // One "Pedido cancelado", for the one cancel that happened, telling not to pay the boleto.
    const mails = t.mail.filter((mail) => mail.to === customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Pedido \d+ recebido/),
      expect.stringMatching(/^Pedido cancelado - pedido \d+ - Loja Escolar$/),
    ]);
    expect(mails[1]!.text).toContain("Não pague o boleto deste pedido: ele não vale mais.");
    const boleto = await t.call("GET", `/sales/boleto/${saleId}/store/1`);
    expect(boleto.body.boleto).toMatchObject({ status: "cancelled", barcode: null, digitableLine: null });
  });

  it("cancels the payment at the acquirer first: the sandbox's ledger says cancelled and its Pix can no longer be paid", async () => {
    const { saleId } = await boletoPurchaseWithCoupon();
    await cancelSale(deps(), saleId, COMMAND_LINE);
    const ledger = await t.db.selectFrom("sandbox_payments").select("status").where("sale_id", "=", saleId).execute();
    expect(ledger).toEqual([{ status: "cancelled" }]);
    expect((await deps().gateway.findBySaleId(saleId))?.status).toBe("expired");

    const shopper = await shopperWithCart(t, [items.P[0]!.itemTOTVSId, 1]);
    const pix = await finishCart(t, shopper.customer, shopper.cart.cartId, { paymentMethodId: METHOD.pix });
    const pixSaleId = pix.body.finished.saleId as string;
    expect(await cancelSale(deps(), pixSaleId, COMMAND_LINE)).toMatchObject({ from: "pending", to: "cancelled" });
    expect(await paySandboxPix(deps(), pixSaleId)).toBeNull();
  });

  it("refuses with a clear message, changing nothing, when the acquirer does not cancel", async () => {
    const { saleId } = await boletoPurchaseWithCoupon();
    const sandbox = deps().gateway;
    const down: PaymentGateway = {
      ...sandbox,
      cancel: () => Promise.reject(new Error("Mercado Pago indisponível (o cancelamento: HTTP 500).")),
    };
    await expect(cancelSale({ ...deps(), gateway: down }, saleId, COMMAND_LINE)).rejects.toThrow(
      /^A operadora não cancelou o pagamento da compra \d+ \(Mercado Pago indisponível \(o cancelamento: HTTP 500\)\.\): nada mudou na loja\./,
    );
    // Paid there meanwhile: the acquirer's word is not a cancellation either.
    const paid: PaymentGateway = {
      ...sandbox,
      cancel: async ({ transactionId }) => ({ status: "paid", transactionId }),
    };
    await expect(cancelSale({ ...deps(), gateway: paid }, saleId, COMMAND_LINE)).rejects.toThrow(
      /informa o pagamento da compra \d+ como "paid": ele não foi cancelado e nada mudou na loja/,
    );
    expect((await statusOf(saleId)).status).toBe("pending");
    expect(await couponUsesOf(saleId)).toHaveLength(1);
    const ledger = await t.db.selectFrom("sandbox_payments").select("status").where("sale_id", "=", saleId).execute();
    expect(ledger).toEqual([{ status: "pending" }]);
  });

  it("confirms a pending boleto as paid and e-mails the customer; a paid sale is not cancelled here", async () => {
    const { saleId, customer } = await boletoPurchaseWithCoupon();
    const pendingBoleto = (await t.call("GET", `/sales/boleto/${saleId}/store/1`)).body.boleto;
    expect(pendingBoleto).toMatchObject({
      barcode: expect.stringMatching(/^\d{44}$/),
      digitableLine: expect.stringMatching(/^\d{47}$/),
    });
    expect(await confirmSalePayment(deps(), saleId, COMMAND_LINE)).toMatchObject({ from: "pending", to: "paid" });
    expect((await t.call("GET", `/sales/boleto/${saleId}/store/1`)).body.boleto).toMatchObject({
      status: "paid",
      barcode: null,
    });
    expect(await statusOf(saleId)).toEqual({ status: "paid", paid_at: PURCHASE_DAY.toISOString(), bags: ["paid"] });
    expect(await couponUsesOf(saleId)).toHaveLength(1);
    await expect(cancelSale(deps(), saleId, COMMAND_LINE)).rejects.toThrow(
      /está paga: ela não pode ser cancelada, só estornada/,
    );
    expect((await statusOf(saleId)).status).toBe("paid");

    // "Pagamento confirmado", queued with the change and sent by the worker: order, amount, student.
    await t.mailWorker.drain();
    const sale = await t.db
      .selectFrom("sales")
      .select(["reference_code", "total_cents"])
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();
    const confirmed = t.mail.filter((mail) => mail.to === customer.email && mail.subject.startsWith("Pagamento"));
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.subject).toBe(`Pagamento confirmado - pedido ${sale.reference_code} - Loja Escolar`);
    expect(confirmed[0]!.text).toContain(`Confirmamos o pagamento do seu pedido ${sale.reference_code}`);
    expect(confirmed[0]!.text).toContain(`Valor pago: ${formatBRL(centsToReais(sale.total_cents))}`);
    expect(confirmed[0]!.text).toContain(`(RA 20250003):`);
    expect(confirmed[0]!.text).toContain(items.P[0]!.title);
  });

  it("confirms a boleto paid after it expired and counts its coupon use again", async () => {
    const { saleId } = await boletoPurchaseWithCoupon();
    travelTo(at("2026-03-20"));
    await expireOverdueSales(deps());
    expect(await couponUsesOf(saleId)).toEqual([]);
    expect(await confirmSalePayment(deps(), saleId, COMMAND_LINE)).toMatchObject({ from: "expired", to: "paid" });
    expect(await couponUsesOf(saleId)).toHaveLength(1);
  });

  it("an unknown sale is a clear message", async () => {
    await expect(cancelSale(deps(), crypto.randomUUID(), COMMAND_LINE)).rejects.toThrow(/^Compra .* não encontrada\.$/);
    await expect(confirmSalePayment(deps(), "nem-um-uuid", COMMAND_LINE)).rejects.toThrow(GestorError);
  });
});

/**
 * The hourly sweep expires sales without the customer's lock. On PostgreSQL a payment recorded
 * meanwhile reads the sale "pending" before the sweep commits and writes it after: the write is
 * guarded by the status it read, so it is decided again from "expired" (SQLite has one writer at
 * a time: the interleaving cannot happen there). The sweep is held just before its commit by a
 * lock on the sale's coupon use; each step waits for the waits PostgreSQL itself reports.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("a payment recorded while the sweep expires the sale", () => {
  /** Sessions of this test's database waiting on a lock, awaited until there are `count`. */
  async function lockWaiters(count: number) {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
      if (rows[0]!.waiting >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Runs `during` after the sweep changed the sale and before it commits; answers what `during` settled to. */
  async function duringTheSweep<T>(saleId: string, during: () => Promise<T>) {
    let sweep!: Promise<unknown>;
    let outcome!: Promise<PromiseSettledResult<T>>;
    await t.db.transaction().execute(async (holder) => {
      await holder.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).forUpdate().execute();
      sweep = expireOverdueSales(deps());
      await lockWaiters(1); // the sweep expired the sale and waits to give its coupon back
      outcome = during().then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason: unknown) => ({ status: "rejected", reason }) as const,
      );
      await lockWaiters(2); // the payment read "pending" and waits on the sale's row
    });
    await sweep;
    return outcome;
  }

  it("the acquirer's payment: paid, from expired, and the coupon use counted again", async () => {
    const { saleId } = await boletoPurchaseWithCoupon();
    travelTo(at("2026-03-09"));
    const outcome = await duringTheSweep(saleId, () =>
      applyPaymentState({ ...deps(), publicUrl: t.publicUrl }, saleId, { status: "paid", transactionId: "tx-1" }),
    );
    expect(outcome).toEqual({ status: "fulfilled", value: expect.objectContaining({ from: "expired", to: "paid" }) });
    expect((await statusOf(saleId)).status).toBe("paid");
    expect(await couponUsesOf(saleId)).toHaveLength(1);
  });

  it("the gestor's confirm: refused with nothing written; the sale stays expired", async () => {
    const { saleId } = await boletoPurchaseWithCoupon();
    travelTo(at("2026-03-09"));
    const outcome = await duringTheSweep(saleId, () => confirmSalePayment(deps(), saleId, COMMAND_LINE));
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: { message: expect.stringMatching(/mudou de situação/) },
    });
    expect((await statusOf(saleId)).status).toBe("expired");
    expect(await couponUsesOf(saleId)).toEqual([]);
  });
});
