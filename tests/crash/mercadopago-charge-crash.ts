// The finish against Mercado Pago when things go wrong (docs/decisions/0018-payment-flow.md,
// 0019-mercado-pago.md), with the built server (server.js) and the loopback double
// (tests/fixtures/mercadopago-double.ts) taking 5 s to answer a payment:
//   1. while one shopper's boleto waits on the acquirer, another shopper's add-to-cart on SQLite
//      is answered at once (no lock is held during the charge): its latency is printed;
//   2. the server is killed (SIGKILL) while the double holds that charge: the sale was claimed
//      ("processing") and never recorded. Started again, the reconciliation asks the double by
//      the sale's external reference and finishes it: pending with the acquirer's boleto, one
//      charge at the double, one confirmation e-mail. The cart holds a size with 2 pieces in stock
//      and a course with 3 seats (issue 28): the claim took one of each before the kill, and after
//      the restart and the reconciliation stock and sales agree (level = initial − what the sale
//      holds, the ledger's sum = level).
// Prints the figures; asserts outcomes, never times. Needs `npm run build`:
// `npx node tests/crash/mercadopago-charge-crash.ts`.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { DOUBLE_CREDENTIALS, startMercadoPagoDouble } from "#tests/fixtures/mercadopago-double.ts";
import { builtServer, sleep } from "./built-server.ts";
import { stockAgainstSales, trackedSizeAndSeat, type TrackedItem } from "./tracked-stock.ts";

const ACQUIRER_DELAY_MS = 5_000;
/** The finish's charge window (ApiDeps.chargeTimeoutMs, 20 s, plus the 10 s margin) and some slack. */
const WAIT_FOR_RECONCILIATION_MS = 120_000;

const double = await startMercadoPagoDouble();
const store = await builtServer("tests/crash/mercadopago-charge-crash.ts", {
  PAYMENT_GATEWAY: "mercadopago",
  MERCADOPAGO_ACCESS_TOKEN: DOUBLE_CREDENTIALS.accessToken,
  MERCADOPAGO_PUBLIC_KEY: DOUBLE_CREDENTIALS.publicKey,
  MERCADOPAGO_WEBHOOK_SECRET: DOUBLE_CREDENTIALS.webhookSecret,
  MERCADOPAGO_API_URL: double.url,
});

const started = Date.now();
try {
  await store.start();
  const db = new SQLite(store.databaseFile, { readonly: true, fileMustExist: true });
  const stockDb = await store.openDatabase();
  const { size, seat } = await trackedSizeAndSeat(stockDb, { sizeCode: 990_402, pieces: 2, seats: 3 });
  /** The item's level, ledger and holds agree with one piece or seat taken by the sale. */
  const assertOneTaken = async (name: string, item: TrackedItem, when: string) => {
    const figures = await stockAgainstSales(stockDb, item);
    assert.deepEqual(
      figures,
      { level: item.initial - 1, ledger: item.initial - 1, held: 1, strayHolds: 0 },
      `${name} ${when}`,
    );
    return `${name} ${item.initial} − ${figures.held} = level ${figures.level} (ledger ${figures.ledger})`;
  };
  const [buyer, other] = await Promise.all([store.newShopper(), store.newShopper()]);
  const cart = await store.addToCart(buyer, size.itemTOTVSId, seat.itemTOTVSId);
  assert.equal(cart.status, 200, JSON.stringify(cart.body));

  double.setDelay(ACQUIRER_DELAY_MS);
  const finish = store.finishByBoleto(buyer, cart.body.cart.cartId).catch((error: unknown) => error);
  // The charge has reached the acquirer (which takes its 5 s): the sale is claimed and committed.
  while (!double.requests.some((request) => request.method === "POST" && request.path === "/v1/payments"))
    await sleep(20);
  const sale = db.prepare("select id, status from sales where customer_id = ?").get(buyer.id) as {
    id: string;
    status: string;
  };
  assert.equal(sale.status, "processing");
  await assertOneTaken("size M", size, "once claimed");
  await assertOneTaken("course seats", seat, "once claimed");

  const before = performance.now();
  const added = await store.addToCart(other, size.itemTOTVSId);
  const addToCartMs = performance.now() - before;
  assert.equal(added.status, 200, JSON.stringify(added.body));

  await store.kill();
  const finishOutcome = await finish;
  assert.ok(finishOutcome instanceof Error, "the killed server never answered the finish");
  // The double still charges what it received, as an acquirer would after the store hung up.
  while (double.charges() < 1) await sleep(50);
  double.setDelay(0);
  assert.equal(
    (db.prepare("select status from sales where id = ?").get(sale.id) as { status: string }).status,
    "processing",
    "killed between claim and record",
  );

  const restartedAt = Date.now();
  await store.start();
  let status = "processing";
  while (status === "processing" && Date.now() - restartedAt < WAIT_FOR_RECONCILIATION_MS) {
    await sleep(250);
    status = (db.prepare("select status from sales where id = ?").get(sale.id) as { status: string }).status;
  }
  const reconciledMs = Date.now() - restartedAt;
  const row = db
    .prepare("select status, gateway_transaction_id, boleto_pdf_url, boleto_digitable_line from sales where id = ?")
    .get(sale.id) as Record<string, string | null>;
  const [payment] = double.payments();
  assert.equal(double.charges(), 1, "one charge at the acquirer");
  assert.equal(row.status, "pending", "the boleto the acquirer issued");
  assert.equal(row.gateway_transaction_id, String(payment!.id));
  assert.equal(row.boleto_pdf_url, `${double.url}/boletos/${payment!.id}`);
  assert.ok(row.boleto_digitable_line);
  const stock = [
    await assertOneTaken("size M", size, "after the restart"),
    await assertOneTaken("course seats", seat, "after the restart"),
  ];

  // The confirmation is queued by the reconciliation's record; the server sends it.
  let emails = 0;
  for (let waited = 0; waited < 30_000 && emails === 0; waited += 250) {
    await sleep(250);
    emails = fs.existsSync(store.outboxDir)
      ? fs.readdirSync(store.outboxDir).filter((n) => n.endsWith(".eml")).length
      : 0;
  }
  assert.equal(emails, 1, "one confirmation e-mail");
  db.close();
  await stockDb.destroy();

  console.log(
    `Mercado Pago crash test: another customer's add-to-cart answered in ${addToCartMs.toFixed(0)} ms while the ` +
      `acquirer took ${ACQUIRER_DELAY_MS / 1000} s on a boleto; the server SIGKILLed with the charge at the acquirer, ` +
      `restarted, the sale reconciled to "${row.status}" ${(reconciledMs / 1000).toFixed(1)} s later, ` +
      `${double.charges()} charge(s) at the double, ${emails} e-mail; ${stock.join("; ")}; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
  );
} finally {
  await store.kill();
  await double.close();
  await store.cleanUp();
}
