/**
 * The finish that can never charge twice (docs/decisions/0018-payment-flow.md): claim, charge
 * and record apart; processing sales finished by reconciliation after a crash; retries with the
 * same idempotency key; declined attempts kept from the customer's orders; refunds; one
 * reconciliation at a time. Against the sandbox's own ledger, on SQLite and (scripts/test-postgres.sh)
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimSale, idempotencyKeyOf } from "#api/carts/claim-sale.ts";
import type { FinishCartData } from "#api/contract/carts.ts";
import { lockCustomer } from "#api/customers/customer-lock.ts";
import type { ApiDeps } from "#api/deps.ts";
import { listSalesByEmail, refundSale } from "#api/gestor/sales/service.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { GestorError } from "#api/gestor/gestor-error.ts";
import { createMemoryMailer } from "#api/mail/mailer.ts";
import { createMailWorker } from "#api/mail/mail-outbox.ts";
import { ACQUIRER_REFUSED, chargeWindowMs, chargeWithin, withinTime } from "./charge-sale.ts";
import { GatewayRefusedError, type ChargeRequest, type PaymentGateway } from "./gateway.ts";
import { applyPaymentState } from "./payment-sync.ts";
import { NEVER_RECEIVED_AFTER_MS, NOTHING_CHARGED, reconcilePayments, type ReconcileDeps } from "./reconciliation.ts";
import { createSandboxGateway, SANDBOX_CARDS } from "./sandbox-gateway.ts";
import {
  applyCoupon,
  demoItems,
  finishCart,
  getCart,
  METHOD,
  salesOf,
  shopperWithCart,
  testCard,
} from "#tests/fixtures/carts.ts";
import type { SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, TEST_TOTP_KEYS, type TestApi } from "#tests/fixtures/test-api.ts";

/** The sandbox behind a switch: slow, or answering only after the caller gave up, or checking for locks. */
const behaviour = { delayMs: 0, whileCharging: null as null | ((request: ChargeRequest) => Promise<void>) };
const charges: ChargeRequest[] = [];
let sandbox: PaymentGateway;
const gateway: PaymentGateway = {
  name: "sandbox",
  async charge(request) {
    charges.push(request);
    await behaviour.whileCharging?.(request);
    if (behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    return sandbox.charge(request);
  },
  findBySaleId: (saleId) => sandbox.findBySaleId(saleId),
  refund: (request) => sandbox.refund(request),
  cancel: (request) => sandbox.cancel(request),
};

let t: TestApi;
let deps: ApiDeps & ReconcileDeps;
let item: number;
const mailer = createMemoryMailer();
/** Long enough for any sandbox answer on a busy machine; the slow acquirer below takes longer. */
const TIMEOUT_MS = 1_000;

beforeAll(async () => {
  t = await createTestApi({ gateway, mailer, chargeTimeoutMs: TIMEOUT_MS });
  sandbox = createSandboxGateway({ db: t.db, now: () => new Date() });
  item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
  deps = {
    db: t.db,
    now: () => new Date(),
    publicUrl: t.publicUrl,
    gateway,
    chargeTimeoutMs: TIMEOUT_MS,
    totpKeys: TEST_TOTP_KEYS,
  };
});
afterAll(() => t.close());

const ledgerOf = (saleIds: string[]) =>
  t.db.selectFrom("sandbox_payments").selectAll().where("sale_id", "in", saleIds).execute();
const saleRow = (saleId: string) =>
  t.db.selectFrom("sales").selectAll().where("id", "=", saleId).executeTakeFirstOrThrow();
const customerRow = (customer: SignedUpCustomer) =>
  t.db.selectFrom("customers").selectAll().where("id", "=", customer.id).executeTakeFirstOrThrow();
const cardBody = (overrides: Record<string, unknown> = {}): FinishCartData =>
  ({
    paymentMethodId: METHOD.credit,
    acceptedTerms: true,
    deliveryDate: null,
    ...testCard(overrides),
  }) as FinishCartData;
/** The clock of a later reconciliation run, past every charge window. */
const later = (): ApiDeps & ReconcileDeps => ({
  ...deps,
  now: () => new Date(Date.now() + chargeWindowMs(deps) + 1000),
});

/** Claims the cart's sale as the finish does, without charging or recording it. */
async function claimOnly(customer: SignedUpCustomer, cartId: string, body = cardBody()) {
  const claim = await claimSale(deps, await customerRow(customer), { cartId, storeId: 1 }, body);
  if (claim.kind !== "charge") throw new Error(`expected a new claim, got ${claim.kind}`);
  return claim;
}

describe("one charge per purchase", () => {
  it("ten finishes of one cart at once make one sale and one payment in the acquirer's ledger", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() }),
      ),
    );
    expect(replies.map((reply) => [reply.status, reply.body.finished?.statusCode])).toEqual(
      Array(10).fill([200, "paid"]),
    );
    const saleIds = new Set(replies.map((reply) => reply.body.finished.saleId));
    expect(saleIds.size).toBe(1);
    expect(await ledgerOf([...saleIds])).toHaveLength(1);
    expect((await salesOf(t, customer)).body.sales).toHaveLength(1);
  });

  it("the database itself keeps one live sale per cart: a second processing sale of a cart is refused", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const sale = { customer_id: customer.id, cart_id: cart.cartId, status: "processing" as const };
    await insertSale(t.db, { ...sale, status: "declined" });
    await insertSale(t.db, sale);
    await expect(insertSale(t.db, sale)).rejects.toThrow();
    await expect(insertSale(t.db, { ...sale, status: "pending" })).rejects.toThrow();
  });

  it("no database transaction is open while the acquirer is asked: the customer's own row can be written meanwhile", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const writes: string[] = [];
    behaviour.whileCharging = async () => {
      // Under the finish's transaction this would wait for the customer's lock (PostgreSQL) or the
      // single connection (SQLite) until the time limit.
      await withinTime(
        t.db.transaction().execute((trx) => lockCustomer(trx, customer.id)),
        5_000,
      ).then(
        () => writes.push("written"),
        () => writes.push("blocked"),
      );
    };
    try {
      const reply = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect(reply.body.finished.statusCode).toBe("pending");
    } finally {
      behaviour.whileCharging = null;
    }
    expect(writes).toEqual(["written"]);
  });

  it("an acquirer that answers after the time limit: the sale stays processing; the retry reuses the key and is charged once", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    behaviour.delayMs = TIMEOUT_MS * 2;
    try {
      const first = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
      expect([first.status, first.body.finished.statusCode]).toEqual([200, "processing"]);
      expect((await salesOf(t, customer)).body.sales).toMatchObject([
        { id: first.body.finished.saleId, status: "processing" },
      ]);
      // The acquirer did get the first request: it answers late and keeps the payment.
      await expect.poll(() => ledgerOf([first.body.finished.saleId]), { timeout: 10_000 }).toHaveLength(1);
    } finally {
      behaviour.delayMs = 0;
    }
    const retry = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
    expect(retry.body.finished.statusCode).toBe("paid");
    const sale = await saleRow(retry.body.finished.saleId);
    const keys = charges.filter((charge) => charge.saleId === sale.id).map((charge) => charge.idempotencyKey);
    expect(sale.idempotency_key).toBe(idempotencyKeyOf(cart.cartId, 1));
    expect(keys).toEqual([sale.idempotency_key, sale.idempotency_key]);
    expect(await ledgerOf([sale.id])).toHaveLength(1);
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
  });
});

describe("an acquirer that refuses the request itself", () => {
  it("declines the attempt at once with nothing charged; the cart stays open", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    behaviour.whileCharging = () => Promise.reject(new GatewayRefusedError("HTTP 400, bad_request 4020"));
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const refused = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect(refused).toEqual({ status: 402, body: { error: { message: ACQUIRER_REFUSED } } });
    } finally {
      behaviour.whileCharging = null;
      log.mockRestore();
    }
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, version: cart.version });
    const boleto = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect(boleto.body.finished.statusCode).toBe("pending");
  });
});

describe("a crash between claim and record", () => {
  it("charged but not recorded: reconciliation records the payment, finishes the cart and mails the customer, one charge", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const claim = await claimOnly(customer, cart.cartId);
    expect(await chargeWithin(gateway, claim.request, TIMEOUT_MS)).toMatchObject({ status: "paid" });
    // The server died here. Until the charge window passes, the sale is left to its request.
    const early = await reconcilePayments(deps);
    expect("skipped" in early || early.changes.every((change) => change.saleId !== claim.sale.id)).toBe(true);
    const reconciler = later();
    const run = await reconcilePayments(reconciler);
    expect("skipped" in run ? [] : run.changes).toContainEqual(
      expect.objectContaining({ saleId: claim.sale.id, from: "processing", to: "paid" }),
    );
    // The confirmation was queued with the record, at the reconciler's clock.
    await createMailWorker({ db: t.db, mailer, now: reconciler.now }).drain();
    expect(await ledgerOf([claim.sale.id])).toHaveLength(1);
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: claim.sale.id, status: "paid" }]);
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
    expect(
      mailer.messages.some((mail) => mail.to === customer.email && mail.text.includes(claim.sale.reference_code)),
    ).toBe(true);
    // A second run, or a late notification of the same state, changes nothing.
    expect(await applyPaymentState(deps, claim.sale.id, (await sandbox.findBySaleId(claim.sale.id))!)).toBeNull();
  });

  it("news of a sale another request is charging right now is left to that request", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const claim = await claimOnly(customer, cart.cartId);
    // A reconciliation or a notification that read the acquirer before this charge landed.
    const stale = { status: "declined" as const, transactionId: "", message: NOTHING_CHARGED };
    expect(await applyPaymentState(deps, claim.sale.id, stale)).toBeNull();
    expect((await saleRow(claim.sale.id)).status).toBe("processing");
    const charged = await chargeWithin(gateway, claim.request, TIMEOUT_MS);
    expect(await applyPaymentState(deps, claim.sale.id, charged!, { byCharge: true })).toMatchObject({ to: "paid" });
  });

  it("claimed but never charged: reconciliation declines it with nothing charged; the cart stays open for a new attempt with a new key", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const claim = await claimOnly(customer, cart.cartId);
    // Right after the charge window the acquirer's silence proves nothing yet (a late payment,
    // a lagging search): the sale stays processing.
    const early = await reconcilePayments(later());
    expect("skipped" in early ? [] : early.changes).not.toContainEqual(
      expect.objectContaining({ saleId: claim.sale.id }),
    );
    expect((await saleRow(claim.sale.id)).status).toBe("processing");
    const run = await reconcilePayments({
      ...deps,
      now: () => new Date(Date.now() + NEVER_RECEIVED_AFTER_MS + 1000),
    });
    expect("skipped" in run ? [] : run.changes).toContainEqual(
      expect.objectContaining({ saleId: claim.sale.id, from: "processing", to: "declined", note: NOTHING_CHARGED }),
    );
    expect(await ledgerOf([claim.sale.id])).toEqual([]);
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, version: cart.version });
    const paid = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
    expect(paid.body.finished.statusCode).toBe("paid");
    const second = await saleRow(paid.body.finished.saleId);
    expect([second.attempt, second.idempotency_key]).toEqual([2, idempotencyKeyOf(cart.cartId, 2)]);
    expect(second.idempotency_key).not.toBe(claim.request.idempotencyKey);
  });

  it("a finish while another request charges the same sale waits for its answer instead of charging again", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    behaviour.delayMs = 100;
    try {
      const [first, second] = await Promise.all([
        finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto }),
        new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
          finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto }),
        ),
      ]);
      expect([first.body.finished.statusCode, second.body.finished.statusCode]).toEqual(["pending", "pending"]);
      expect(second.body.finished.saleId).toBe(first.body.finished.saleId);
      expect(charges.filter((charge) => charge.saleId === first.body.finished.saleId)).toHaveLength(1);
    } finally {
      behaviour.delayMs = 0;
    }
  });
});

describe("declined attempts are not orders", () => {
  it("leaves the customer's orders and receipts, stays in the gestor's list as attempt 1; the next attempt is 2 with its own key", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const declined = await finishCart(t, customer, cart.cartId, {
      paymentMethodId: METHOD.credit,
      ...testCard({ cardNumber: SANDBOX_CARDS.declined[0] }),
    });
    expect(declined.status).toBe(402);
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    const [attempt] = await t.db.selectFrom("sales").selectAll().where("customer_id", "=", customer.id).execute();
    const bags = await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${attempt!.id}/store/1`, undefined, {
      token: customer.token,
    });
    expect(bags.status).toBe(404);
    const [bag] = await t.db.selectFrom("sale_bags").select("id").where("sale_id", "=", attempt!.id).execute();
    const receipt = await t.call(
      "GET",
      `/sale-bags/check-status-sale-bag/store/1/sale/${attempt!.id}/saleBag/${bag!.id}`,
    );
    expect(receipt.status).toBe(404);
    expect(await listSalesByEmail(deps, customer.email)).toEqual([
      expect.objectContaining({ saleId: attempt!.id, status: "declined", attempt: 1 }),
    ]);

    const paid = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const second = await saleRow(paid.body.finished.saleId);
    expect(second.attempt).toBe(2);
    expect(second.idempotency_key).not.toBe(attempt!.idempotency_key);
    expect((await salesOf(t, customer)).body.sales.map((sale: any) => sale.id)).toEqual([second.id]);
  });
});

describe("refunds", () => {
  it("the gestor refunds a paid sale: refunded at the acquirer and in the store, the coupon use given back; other sales are refused", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const applied = await applyCoupon(t, customer, cart.cartId, "ESCOLA5");
    expect(applied.status).toBe(200);
    const paid = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
    const saleId = paid.body.finished.saleId;
    const uses = () => t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();
    expect(await uses()).toHaveLength(1);

    const change = await refundSale(deps, saleId, COMMAND_LINE, "Pedido do responsável");
    expect(change).toMatchObject({ saleId, from: "paid", to: "refunded" });
    expect(await uses()).toEqual([]);
    expect(await ledgerOf([saleId])).toMatchObject([{ status: "refunded" }]);
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "refunded" }]);
    await expect(refundSale(deps, saleId, COMMAND_LINE, "Pedido do responsável")).rejects.toThrow(GestorError);

    const boleto = await shopperWithCart(t, [item, 1]);
    const pending = await finishCart(t, boleto.customer, boleto.cart.cartId, { paymentMethodId: METHOD.boleto });
    await expect(refundSale(deps, pending.body.finished.saleId, COMMAND_LINE, "Pedido do responsável")).rejects.toThrow(
      /só uma compra paga pode ser estornada/,
    );
    const free = await insertSale(t.db, {
      customer_id: boleto.customer.id,
      status: "paid",
      total_cents: 0,
      gateway_transaction_id: "gratuito-1",
    });
    await expect(refundSale(deps, free, COMMAND_LINE, "Pedido do responsável")).rejects.toThrow(
      /é gratuita: nada a estornar/,
    );
  });
});

describe("the reconciliation job", () => {
  it("runs once when a second server starts it while the first is at it", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    await claimOnly(customer, cart.cartId);
    // The first run holds the lock while it asks the acquirer about the sale; the second server
    // starts the job just then. (Two runs started together raced: one could finish first.)
    let asking!: () => void;
    const asked = new Promise<void>((resolve) => (asking = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const first = reconcilePayments({
      ...later(),
      gateway: {
        ...gateway,
        findBySaleId: async (...args: Parameters<PaymentGateway["findBySaleId"]>) => {
          asking();
          await answered;
          return gateway.findBySaleId(...args);
        },
      },
    });
    await asked;
    expect(await reconcilePayments(later())).toEqual({ skipped: true });
    answer();
    expect("skipped" in (await first)).toBe(false);
    // The lock is given back: the next run does the work.
    expect("skipped" in (await reconcilePayments(later()))).toBe(false);
  });
});
