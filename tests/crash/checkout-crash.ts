// The checkout's crash test on either database (docs/decisions/0035-several-servers.md): under
// checkout load (shoppers buying by boleto and by card at the sandbox gateway), the built server
// is killed with SIGKILL at random moments and started again. At the end every sale the API
// acknowledged is in the database with the status it answered; no sale is half-written (each has
// its bags and items, and their totals agree with the sale's); no sale is charged twice (one
// charge row at the gateway per sale, approved once at most, for the sale's total). Half the
// shoppers buy a size with tracked stock, half a course's seat (issue 28): the claim takes them in
// the sale's transaction, so after every kill stock and sales agree (level = initial − what the
// live sales hold, the ledger's sum = level, no declined sale holding any). Prints the figures;
// asserts outcomes, never times. Needs `npm run build`:
//   npx node tests/crash/checkout-crash.ts                                   (SQLite)
//   CRASH_DATABASE_URL=postgres://…/postgres npx node tests/crash/checkout-crash.ts   (PostgreSQL)
// scripts/test.sh runs both, on the PostgreSQL it starts.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import { builtServer } from "./built-server.ts";
import { seeded } from "./seeded-random.ts";
import { stockAgainstSales, trackedSizeAndSeat } from "./tracked-stock.ts";

const KILLS = 4;
const CLIENTS = 6;
/** Load between two kills: a random moment in this range (ms), from a seeded generator. */
const LOAD_MS = [800, 2_500] as const;
const random = seeded(20261124);
/** More than the shoppers can buy in the test: a finish refused as sold out would prove nothing here. */
const PIECES = 5_000;
const SEATS = 5_000;

const store = await builtServer("tests/crash/checkout-crash.ts", {}, process.env.CRASH_DATABASE_URL || undefined);

/** saleId → the status the API answered ("pending" boleto, "paid" card, or "processing"). */
const acknowledged = new Map<string, string>();

const started = Date.now();
await store.start();
const db = await store.openDatabase();
try {
  const { size, seat } = await trackedSizeAndSeat(db, { sizeCode: 990_302, pieces: PIECES, seats: SEATS });
  const shoppers = await Promise.all(Array.from({ length: CLIENTS }, () => store.newShopper()));
  // Half the shoppers buy the size, half the course; of each, some pay by boleto, some by card.
  await store.checkoutsThroughKills({
    shoppers,
    itemOf: (index) => (index < CLIENTS / 2 ? size.itemTOTVSId : seat.itemTOTVSId),
    payOf: (index) => (index % 2 ? "card" : "boleto"),
    acknowledged: (finished) => acknowledged.set(finished.saleId, finished.statusCode),
    kills: KILLS,
    loadMs: LOAD_MS,
    random,
  });

  const sales = await db
    .selectFrom("sales")
    .select(["id", "status", "payment_method_code", "subtotal_cents", "discount_cents", "total_cents"])
    .execute();
  const bags = await db.selectFrom("sale_bags").select(["id", "sale_id", "total_cents"]).execute();
  const items = await db.selectFrom("sale_bag_items").select(["sale_bag_id", "quantity", "unit_price_cents"]).execute();
  const charges = await db.selectFrom("sandbox_payments").select(["sale_id", "status", "amount_cents"]).execute();
  const byId = new Map(sales.map((sale) => [sale.id, sale]));

  for (const [saleId, answered] of acknowledged) {
    const sale = byId.get(saleId);
    assert.ok(sale, `acknowledged sale ${saleId} is missing`);
    assert.equal(sale.status, answered, `acknowledged sale ${saleId}: status`);
  }
  for (const sale of sales) {
    assert.ok(["pending", "paid", "processing", "declined"].includes(sale.status), `sale ${sale.id}: ${sale.status}`);
    assert.equal(sale.subtotal_cents - sale.discount_cents, sale.total_cents, `sale ${sale.id}: total`);
    const saleBags = bags.filter((bag) => bag.sale_id === sale.id);
    assert.ok(saleBags.length > 0, `sale ${sale.id} has no bag`);
    assert.equal(
      saleBags.reduce((sum, bag) => sum + bag.total_cents, 0),
      sale.total_cents,
      `sale ${sale.id}: bags`,
    );
    for (const bag of saleBags) {
      const bagItems = items.filter((row) => row.sale_bag_id === bag.id);
      assert.ok(bagItems.length > 0, `bag ${bag.id} has no item`);
      assert.equal(
        bagItems.reduce((sum, row) => sum + row.quantity * row.unit_price_cents, 0),
        bag.total_cents,
        `bag ${bag.id}: items`,
      );
    }
    const saleCharges = charges.filter((charge) => charge.sale_id === sale.id);
    assert.ok(saleCharges.length <= 1, `sale ${sale.id} was charged ${saleCharges.length} times`);
    if (sale.status === "paid" || sale.status === "pending") {
      assert.equal(saleCharges.length, 1, `sale ${sale.id} (${sale.status}) has no charge`);
      assert.equal(saleCharges[0]!.amount_cents, sale.total_cents, `sale ${sale.id}: charged amount`);
    }
  }
  // A floor that a busy machine still reaches: sales of both kinds, through the kills.
  const answered = [...acknowledged.values()];
  assert.ok(acknowledged.size >= CLIENTS, `too few sales to prove anything (${acknowledged.size})`);
  assert.ok(answered.includes("paid") && answered.includes("pending"), "no card or no boleto sale acknowledged");

  const stock: string[] = [];
  for (const [name, item] of [
    ["size M", size],
    ["course seats", seat],
  ] as const) {
    const { level, ledger, held, strayHolds } = await stockAgainstSales(db, item);
    assert.ok(held > 0, `${name}: no sale took any`);
    assert.equal(level, item.initial - held, `${name}: level = initial − what the live sales hold`);
    assert.equal(ledger, level, `${name}: ledger`);
    assert.equal(strayHolds, 0, `${name}: a sale that is over still holds stock`);
    stock.push(`${name} ${item.initial} − ${held} held by live sales = level ${level} (ledger ${ledger})`);
  }

  const paid = sales.filter((sale) => sale.status === "paid").length;
  // Claimed, with their stock, by a server killed before it answered; some may still be processing.
  const unanswered = sales.filter((sale) => !acknowledged.has(sale.id));
  const processing = unanswered.filter((sale) => sale.status === "processing").length;
  console.log(
    `checkout crash test on ${store.dialect}: ${acknowledged.size} acknowledged sales (${sales.length} in the database, ` +
      `${paid} paid by card; ${unanswered.length} never answered by a killed server, ${processing} of them still processing), ${KILLS} SIGKILLs, ${store.refusedCalls()} calls refused while the server was down; ` +
      `${stock.join("; ")}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.destroy();
  await store.kill();
  await store.cleanUp();
}
