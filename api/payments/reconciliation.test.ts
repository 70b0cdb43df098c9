/**
 * The reconciliation with many sales and over time (docs/decisions/0018-payment-flow.md,
 * "Reconciliation"): a batch per run, a time limit, the lock's lease renewed while a run lasts,
 * a backoff per sale; paid sales watched for a refund or a chargeback done at the acquirer; a
 * sale declined after pending gives its cart back. Against the sandbox's ledger (the acquirer's
 * view) and a counting gateway, on SQLite and (scripts/test-postgres.sh) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listSalesByEmail } from "#api/gestor/sales/service.ts";
import { expireOverdueSales } from "#api/sales/sale-lifecycle.ts";
import { checkDelayMs, PAID_WATCH_DAYS } from "./check-schedule.ts";
import type { PaymentGateway, PaymentState } from "./gateway.ts";
import { applyPaymentState } from "./payment-sync.ts";
import {
  RECONCILE_BATCH_SIZE,
  RECONCILE_RUN_BUDGET_MS,
  reconcilePayments,
  type ReconcileDeps,
  type ReconcileReport,
} from "./reconciliation.ts";
import { createSandboxGateway, SANDBOX_CARDS } from "./sandbox-gateway.ts";
import {
  applyCoupon,
  bag,
  demoItems,
  finishCart,
  getCart,
  METHOD,
  salesOf,
  saveCart,
  shopperWithCart,
  testCard,
} from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A run's report; a skipped run fails the test. */
function ran(run: ReconcileReport | { skipped: true }): ReconcileReport {
  if ("skipped" in run) throw new Error("the run was skipped");
  return run;
}

/** A gateway that answers "still pending" about every sale and counts the questions; `onAsk` runs before each answer. */
function countingGateway(onAsk: (saleId: string) => void | Promise<void> = () => undefined) {
  const asked: string[] = [];
  const gateway: PaymentGateway = {
    name: "sandbox",
    charge: () => Promise.reject(new Error("not charged here")),
    async findBySaleId(saleId): Promise<PaymentState> {
      asked.push(saleId);
      await onAsk(saleId);
      return { status: "pending", transactionId: `tx-${saleId}` };
    },
    refund: () => Promise.reject(new Error("not refunded here")),
    cancel: () => Promise.reject(new Error("not cancelled here")),
  };
  return { gateway, asked };
}

/** A store of its own for a describe block (a fresh database): its API and a product to buy. */
function storeToBuyFrom() {
  const store = {} as { t: TestApi; item: number };
  beforeAll(async () => {
    store.t = await createTestApi();
    store.item = (await demoItems(store.t.db)).P[0]!.itemTOTVSId;
  });
  afterAll(() => store.t.close());
  return store;
}

describe("how often a sale is asked about", () => {
  const at = new Date("2026-11-10T12:00:00.000Z");
  const ago = (ms: number) => new Date(at.getTime() - ms).toISOString();
  const boleto = (age: number) => ({
    status: "pending" as const,
    payment_method_code: "0",
    created_at: ago(age),
    paid_at: null,
  });

  it("a young sale often, an old boleto hourly, a Pix and a lost charge every run, a paid sale ever more rarely", () => {
    expect(checkDelayMs({ ...boleto(0), status: "processing" }, at)).toBe(MINUTE);
    expect(checkDelayMs({ ...boleto(2 * HOUR), payment_method_code: "3" }, at)).toBe(MINUTE);
    expect(checkDelayMs(boleto(5 * MINUTE), at)).toBe(MINUTE);
    expect(checkDelayMs(boleto(5 * HOUR), at)).toBe(30 * MINUTE);
    expect(checkDelayMs(boleto(3 * DAY), at)).toBe(HOUR);
    const paid = (since: number) => ({ ...boleto(since + HOUR), status: "paid" as const, paid_at: ago(since) });
    expect(checkDelayMs(paid(10 * MINUTE), at)).toBe(HOUR);
    expect(checkDelayMs(paid(8 * DAY), at)).toBe(2 * DAY);
    expect(checkDelayMs(paid(60 * DAY), at)).toBe(7 * DAY);
  });
});

describe("a run with many sales", () => {
  let t: TestApi;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestApi();
    customerId = (await signUpAndLogIn(t)).id;
  });
  afterAll(() => t.close());

  /** `count` pending boletos, issued two months before the runs' clock (the fixture's date). */
  async function oldBoletos(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await insertSale(t.db, {
          customer_id: customerId,
          status: "pending",
          payment_method_code: "0",
          total_cents: 1000,
        }),
      );
    return ids;
  }

  it("asks about a batch per run, the next runs take the rest, and a sale just asked waits its backoff", async () => {
    const sales = await oldBoletos(5 * RECONCILE_BATCH_SIZE);
    let now = new Date("2026-03-01T12:00:00.000Z");
    const { gateway, asked } = countingGateway();
    const deps: ReconcileDeps = { db: t.db, now: () => now, publicUrl: t.publicUrl, gateway };

    const runs: number[] = [];
    for (let run = 0; run < 6; run++) runs.push(ran(await reconcilePayments(deps)).asked);
    expect(runs).toEqual([...Array<number>(5).fill(RECONCILE_BATCH_SIZE), 0]);
    expect(asked).toHaveLength(sales.length);
    expect(new Set(asked)).toEqual(new Set(sales));

    // Two months old: asked again an hour later, not before.
    now = new Date(now.getTime() + HOUR - MINUTE);
    expect(ran(await reconcilePayments(deps)).asked).toBe(0);
    now = new Date(now.getTime() + 2 * MINUTE);
    const again = ran(await reconcilePayments(deps));
    expect([again.asked, again.stoppedEarly]).toEqual([RECONCILE_BATCH_SIZE, "batch"]);
  });

  it("starts no question once its time is spent; the rest wait for the next run", async () => {
    const fresh = await createTestApi();
    try {
      const customer = await signUpAndLogIn(fresh);
      for (let i = 0; i < 10; i++)
        await insertSale(fresh.db, { customer_id: customer.id, status: "pending", total_cents: 1000 });
      let now = new Date("2026-03-01T12:00:00.000Z");
      // Each question takes the acquirer 10 s.
      const { gateway, asked } = countingGateway(() => {
        now = new Date(now.getTime() + 10_000);
      });
      const deps: ReconcileDeps = { db: fresh.db, now: () => now, publicUrl: fresh.publicUrl, gateway };
      const first = ran(await reconcilePayments(deps));
      expect([first.asked, first.stoppedEarly]).toEqual([Math.ceil(RECONCILE_RUN_BUDGET_MS / 10_000), "time"]);
      expect(ran(await reconcilePayments(deps)).asked).toBe(10 - first.asked);
      expect(new Set(asked).size).toBe(10);
    } finally {
      await fresh.close();
    }
  });
});

describe("one reconciliation at a time, however long a run lasts", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
    const customer = await signUpAndLogIn(t);
    for (let i = 0; i < 6; i++)
      await insertSale(t.db, { customer_id: customer.id, status: "pending", total_cents: 1000 });
  });
  afterAll(() => t.close());

  it("renews its lease as it goes: a second server that starts when the first lease would have ended is skipped", async () => {
    let now = new Date("2026-03-01T12:00:00.000Z");
    let second: ReconcileReport | { skipped: true } | undefined;
    // Each question takes the acquirer a minute: the run outlives its first lease (2 minutes).
    const { gateway, asked } = countingGateway(async () => {
      now = new Date(now.getTime() + MINUTE);
      if (asked.length === 4) second = await reconcilePayments(deps);
    });
    const deps: ReconcileDeps = { db: t.db, now: () => now, publicUrl: t.publicUrl, gateway, runBudgetMs: HOUR };
    const first = ran(await reconcilePayments(deps));
    expect(second).toEqual({ skipped: true });
    expect(first.asked).toBe(6);
    expect(new Set(asked).size).toBe(6);
  });

  it("stops at once when its lease ran out and another server took the lock", async () => {
    const now = new Date("2026-03-02T12:00:00.000Z");
    const { gateway, asked } = countingGateway(async () => {
      if (asked.length === 2)
        // Another server took the lock after this one's lease ran out.
        await t.db
          .updateTable("job_locks")
          .set({ holder: "outro-servidor", locked_until: new Date(now.getTime() + HOUR).toISOString() })
          .where("name", "=", "reconcile-payments")
          .execute();
    });
    const deps: ReconcileDeps = { db: t.db, now: () => now, publicUrl: t.publicUrl, gateway };
    const run = ran(await reconcilePayments(deps));
    expect([run.asked, run.stoppedEarly]).toEqual([2, "lock"]);
    expect(asked).toHaveLength(2);
    await t.db
      .updateTable("job_locks")
      .set({ locked_until: new Date(0).toISOString() })
      .execute();
  });
});

describe("paid sales changed at the acquirer", () => {
  const store = storeToBuyFrom();

  const deps = (at: Date): ReconcileDeps => ({
    db: store.t.db,
    now: () => at,
    publicUrl: store.t.publicUrl,
    gateway: createSandboxGateway({ db: store.t.db, now: () => at }),
  });
  const couponUses = (saleId: string) =>
    store.t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();

  it("a refund or a chargeback at the acquirer, whose webhook was lost: the sale follows, the coupon is given back, /conta shows it", async () => {
    for (const status of ["refunded", "charged_back"] as const) {
      const { customer, cart } = await shopperWithCart(store.t, [store.item, 1]);
      expect((await applyCoupon(store.t, customer, cart.cartId, "ESCOLA5")).status).toBe(200);
      const paid = await finishCart(store.t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
      const saleId: string = paid.body.finished.saleId;
      expect(await couponUses(saleId)).toHaveLength(1);
      // Done in the acquirer's panel (the sandbox's ledger is its acquirer); no notification came.
      await store.t.db.updateTable("sandbox_payments").set({ status }).where("sale_id", "=", saleId).execute();

      // Just paid: the next check is an hour away.
      expect(ran(await reconcilePayments(deps(new Date(Date.now() + 30 * MINUTE)))).changes).not.toContainEqual(
        expect.objectContaining({ saleId }),
      );
      const run = ran(await reconcilePayments(deps(new Date(Date.now() + HOUR + MINUTE))));
      expect(run.changes).toContainEqual(expect.objectContaining({ saleId, from: "paid", to: status }));
      expect(await couponUses(saleId), status).toEqual([]);
      expect((await salesOf(store.t, customer)).body.sales).toMatchObject([{ id: saleId, status }]);
    }
  });

  it("a paid sale is watched for 180 days after its payment, then never asked about again", async () => {
    const customer = await signUpAndLogIn(store.t);
    const now = new Date();
    const paidAgo = (days: number) =>
      insertSale(store.t.db, {
        customer_id: customer.id,
        status: "paid",
        total_cents: 5000,
        paid_at: new Date(now.getTime() - days * DAY).toISOString(),
      });
    const watched = await paidAgo(PAID_WATCH_DAYS - 1);
    const old = await paidAgo(PAID_WATCH_DAYS + 1);
    const free = await insertSale(store.t.db, {
      customer_id: customer.id,
      status: "paid",
      total_cents: 0,
      paid_at: now.toISOString(),
    });
    const { gateway, asked } = countingGateway();
    ran(await reconcilePayments({ ...deps(now), gateway }));
    expect(asked).toContain(watched);
    expect(asked).not.toContain(old);
    expect(asked).not.toContain(free);
  });
});

describe("a boleto or a Pix paid after the store expired it, its webhook lost", () => {
  const store = storeToBuyFrom();
  const PURCHASE = new Date("2026-03-02T15:00:00.000Z"); // the boleto is due 2026-03-05
  const deps = (at: Date): ReconcileDeps => ({
    db: store.t.db,
    now: () => at,
    publicUrl: store.t.publicUrl,
    gateway: createSandboxGateway({ db: store.t.db, now: () => at }),
  });
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

  /** A purchase with a coupon, expired by the hourly sweep: the boleto 3 days after its due date, the Pix after its code. */
  async function expiredSale(method: typeof METHOD.boleto | typeof METHOD.pix) {
    store.t.setNow(PURCHASE);
    const { customer, cart } = await shopperWithCart(store.t, [store.item, 1]);
    expect((await applyCoupon(store.t, customer, cart.cartId, "ESCOLA5")).status).toBe(200);
    const reply = await finishCart(store.t, customer, cart.cartId, { paymentMethodId: method });
    const saleId: string = reply.body.finished.saleId;
    const expiredAt = later(PURCHASE, method === METHOD.boleto ? 7 * DAY : HOUR);
    expect(await expireOverdueSales({ db: store.t.db, now: () => expiredAt })).toContainEqual(
      expect.objectContaining({ saleId, to: "expired" }),
    );
    return { customer, saleId, expiredAt };
  }
  /** The payer's bank reports the payment only now (the sandbox's ledger is its acquirer). */
  const paidLate = (saleId: string) =>
    store.t.db.updateTable("sandbox_payments").set({ status: "paid" }).where("sale_id", "=", saleId).execute();
  const couponUses = (saleId: string) =>
    store.t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();

  const scheduleOf = (saleId: string) =>
    store.t.db
      .selectFrom("sales")
      .select(["status", "payment_method_code", "created_at", "paid_at", "updated_at"])
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();

  for (const [method, name, afterExpiry] of [
    [METHOD.boleto, "a boleto cleared 2 days after the sweep", 2 * DAY],
    [METHOD.pix, "a Pix reported 3 hours after its code expired", 3 * HOUR],
  ] as const) {
    it(`${name}: the reconciliation finds it paid, the coupon use counted again, "Pagamento confirmado" sent`, async () => {
      const { customer, saleId, expiredAt } = await expiredSale(method);
      expect(await couponUses(saleId)).toEqual([]);
      await paidLate(saleId);
      store.t.setNow(later(expiredAt, afterExpiry));
      const run = ran(await reconcilePayments(deps(later(expiredAt, afterExpiry))));
      expect(run.changes).toContainEqual(expect.objectContaining({ saleId, from: "expired", to: "paid" }));
      expect(await couponUses(saleId)).toHaveLength(1);
      expect(await listSalesByEmail(store.t, customer.email)).toMatchObject([{ saleId, status: "paid" }]);
      await store.t.mailWorker.drain();
      expect(store.t.mail.filter((mail) => mail.to === customer.email).map((mail) => mail.subject)).toContainEqual(
        expect.stringMatching(/^Pagamento confirmado/),
      );
    });
  }

  it("is watched 10 days after expiry for a boleto, 1 day for a Pix, ever more rarely, then never again", async () => {
    const boleto = await expiredSale(METHOD.boleto);
    const pix = await expiredSale(METHOD.pix);
    const askedAt = async (at: Date) => {
      const { gateway, asked } = countingGateway();
      ran(await reconcilePayments({ ...deps(at), gateway, batchSize: 1000 }));
      return asked;
    };
    expect(checkDelayMs(await scheduleOf(boleto.saleId), later(boleto.expiredAt, 2 * DAY))).toBe(12 * HOUR);
    expect(checkDelayMs(await scheduleOf(pix.saleId), later(pix.expiredAt, 2 * MINUTE))).toBe(MINUTE);
    expect(checkDelayMs(await scheduleOf(pix.saleId), later(pix.expiredAt, 8 * HOUR))).toBe(HOUR);
    expect(await askedAt(later(boleto.expiredAt, 9 * DAY))).toContain(boleto.saleId);
    expect(await askedAt(later(pix.expiredAt, DAY + MINUTE))).not.toContain(pix.saleId);
    expect(await askedAt(later(boleto.expiredAt, 10 * DAY + MINUTE))).not.toContain(boleto.saleId);
  });
});

describe("a sale declined after it was pending", () => {
  const store = storeToBuyFrom();

  const later = (): ReconcileDeps => {
    const at = new Date(Date.now() + 2 * MINUTE);
    return {
      db: store.t.db,
      now: () => at,
      publicUrl: store.t.publicUrl,
      gateway: createSandboxGateway({ db: store.t.db, now: () => at }),
    };
  };

  /** A card under review (pending); the acquirer then refuses it. */
  async function reviewedThenRefused() {
    const shopper = await shopperWithCart(store.t, [store.item, 1]);
    const review = await finishCart(store.t, shopper.customer, shopper.cart.cartId, {
      paymentMethodId: METHOD.credit,
      ...testCard({ cardNumber: SANDBOX_CARDS.pending[0] }),
    });
    expect(review.body.finished.statusCode).toBe("pending");
    const saleId: string = review.body.finished.saleId;
    expect((await getCart(store.t, shopper.customer)).body.cart.bags).toEqual([]);
    await store.t.db
      .updateTable("sandbox_payments")
      .set({ status: "declined" })
      .where("sale_id", "=", saleId)
      .execute();
    return { ...shopper, saleId };
  }

  it("gives the customer the cart back to pay again", async () => {
    const { customer, cart, saleId } = await reviewedThenRefused();
    const run = ran(await reconcilePayments(later()));
    expect(run.changes).toContainEqual(expect.objectContaining({ saleId, from: "pending", to: "declined" }));
    // Not an order any more, and the cart is there again; the customer is told by e-mail.
    expect((await salesOf(store.t, customer)).body.sales).toEqual([]);
    // Queued at the reconciliation's clock, two minutes ahead: read from the outbox.
    const told = await store.t.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("recipient", "=", customer.email)
      .where("kind", "=", "payment-declined")
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Pagamento não aprovado - pedido \d{12} - Loja Escolar$/);
    expect(told[0]!.text_body).toContain("nada foi cobrado");
    expect(told[0]!.text_body).toContain("Os itens voltaram para o seu carrinho");
    const reopened = (await getCart(store.t, customer)).body.cart;
    expect(reopened).toMatchObject({ cartId: cart.cartId });
    expect(reopened.bags.flatMap((b: any) => b.cartItems.map((i: any) => i.itemTOTVSId))).toEqual([store.item]);
    const paid = await finishCart(store.t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
    expect(paid.body.finished.statusCode).toBe("paid");
    expect((await salesOf(store.t, customer)).body.sales).toMatchObject([
      { id: paid.body.finished.saleId, status: "paid" },
    ]);
  });

  it("leaves the customer's newer cart as it is when they had started another meanwhile", async () => {
    const { customer, studentId, saleId } = await reviewedThenRefused();
    const newer = await saveCart(store.t, customer, [bag(studentId, [store.item, 2])]);
    expect(newer.status).toBe(200);
    const run = ran(await reconcilePayments(later()));
    expect(run.changes).toContainEqual(expect.objectContaining({ saleId, to: "declined" }));
    expect((await getCart(store.t, customer)).body.cart).toMatchObject({ cartId: newer.body.cart.cartId });
  });

  it("money arriving for an attempt already declined changes no order and shows as an alert in the gestor's list", async () => {
    const { customer, saleId } = await reviewedThenRefused();
    ran(await reconcilePayments(later()));
    const late = { status: "paid" as const, transactionId: "pagamento-tardio-77" };
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // As the webhook would bring it, twice.
      expect(await applyPaymentState(later(), saleId, late)).toBeNull();
      expect(await applyPaymentState(later(), saleId, late)).toBeNull();
      expect(String(log.mock.calls[0]?.[0])).toMatch(/ALERTA/);
    } finally {
      log.mockRestore();
    }
    const [attempt] = await listSalesByEmail(store.t, customer.email);
    expect(attempt).toMatchObject({
      saleId,
      status: "declined",
      acquirerAlert: expect.stringContaining("pagamento-tardio-77"),
    });
    expect(attempt!.acquirerAlert).toMatch(/^A operadora recebeu o pagamento .* estorne/);
    expect((await salesOf(store.t, customer)).body.sales).toEqual([]);
  });
});
