// The last pieces and seats under contention with two servers on one PostgreSQL database (issue 28;
// docs/decisions/0067-stock-and-seats.md, 0035-several-servers.md): two built servers (server.js)
// share a fresh database; 50 customers finish at the same moment, alternating servers, for the
// last 2 pieces of a size and, apart, for the last 3 seats of a course, 5 times each; then with a
// pending Pix of the same size expiring at that moment. Each run: exactly as many sales as there
// were pieces or seats, every other customer refused with the sold-out message (409
// ITEM_SOLD_OUT), one charge at the sandbox gateway per sale and none for the others, the level
// at 0 and equal to the ledger. Prints the figures of each run; asserts outcomes, never times.
// Needs `npm run build` and a PostgreSQL server:
//   CONTENTION_DATABASE_URL=postgres://…/postgres npx node tests/contention/two-servers.ts
// scripts/test.sh runs it on the PostgreSQL it starts.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import { freePort } from "#tests/fixtures/free-port.ts";
import { builtServer, type Reply, type Shopper } from "../crash/built-server.ts";
import { stockAgainstSales, stockTo } from "../crash/tracked-stock.ts";
import { ITEM_SOLD_OUT, itemSoldOutMessage } from "#api/contract/carts.ts";
import { expireOverdueSales } from "#api/sales/sale-lifecycle.ts";
import { demoItems, METHOD } from "#tests/fixtures/carts.ts";
import { addSizes } from "#tests/fixtures/variants.ts";

const CUSTOMERS = 50;
const ROUNDS = 5;
const STORE = 1;
const SIZES = { P: 990_101, M: 990_102, G: 990_103 };

const postgresServerUrl = process.env.CONTENTION_DATABASE_URL;
if (!postgresServerUrl) {
  console.error("tests/contention/two-servers.ts: set CONTENTION_DATABASE_URL to a PostgreSQL server");
  process.exit(1);
}

const script = "tests/contention/two-servers.ts";
const first = await builtServer(script, {}, postgresServerUrl);
const second = await builtServer(script, { DATABASE_URL: first.databaseUrl, PORT: String(await freePort()) });
const servers = [first, second];
const serverOf = (index: number) => servers[index % 2]!;

const started = Date.now();
await first.start();
await second.start();
const db = await first.openDatabase();

type Item = { title: string; unitCode: string; itemTOTVSId: number; optionValue: string | null };

const chargesCount = async () =>
  Number(
    (
      await db
        .selectFrom("sandbox_payments")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** How many of the sales have a charge at the sandbox gateway. */
async function chargedAmong(saleIds: string[]): Promise<number> {
  if (saleIds.length === 0) return 0;
  const rows = await db.selectFrom("sandbox_payments").select("sale_id").where("sale_id", "in", saleIds).execute();
  return new Set(rows.map((row) => row.sale_id)).size;
}

/** The shopper's cart with one of the item, saved on the server of `index`; answers its id. */
async function cartOf(shopper: Shopper, index: number, item: Item): Promise<string> {
  const saved = await serverOf(index).addToCart(shopper, item.itemTOTVSId);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return saved.body.cart.cartId as string;
}

/** The finish by `method`, on the other server than the cart's: both servers serve every customer. */
const finish = (shopper: Shopper, index: number, cartId: string, paymentMethodId: number): Promise<Reply> =>
  serverOf(index + 1).call(
    "PUT",
    `/carts/finish-cart-by-customer/${shopper.id}/cart/${cartId}/store/${STORE}`,
    { acceptedTerms: true, deliveryDate: null, installments: 1, paymentMethodId },
    shopper.token,
    shopper.address,
  );

function assertRefusals(refused: Reply[], item: Item) {
  const soldOut = {
    status: 409,
    code: ITEM_SOLD_OUT,
    message: itemSoldOutMessage([item]),
  };
  for (const reply of refused)
    assert.deepEqual(
      { status: reply.status, code: reply.body?.error?.code, message: reply.body?.error?.message },
      soldOut,
    );
}

const figures: string[] = [];

try {
  const items = await demoItems(db);
  const shirtRow = await db
    .selectFrom("products")
    .select(["id", "title", "unit_code"])
    .where("item_totvs_id", "=", items.P[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  await addSizes(db, { id: shirtRow.id, storeId: STORE }, SIZES);
  const shirtM: Item = { title: shirtRow.title, unitCode: shirtRow.unit_code, itemTOTVSId: SIZES.M, optionValue: "M" };
  const courseRow = await db
    .selectFrom("products")
    .select(["title", "unit_code", "item_totvs_id"])
    .where("item_totvs_id", "=", items.S[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  await db.updateTable("products").set({ capacity: 3 }).where("item_totvs_id", "=", courseRow.item_totvs_id).execute();
  const course: Item = {
    title: courseRow.title,
    unitCode: courseRow.unit_code,
    itemTOTVSId: courseRow.item_totvs_id,
    optionValue: null,
  };
  // Customers are made on both servers, as they would arrive.
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CUSTOMERS; i += 2)
    shoppers.push(...(await Promise.all([first.newShopper(), second.newShopper()])));

  /** One run: everyone's cart holds the item, then all finish at once by boleto. */
  async function race(label: string, item: Item, left: number) {
    await stockTo(db, item, left);
    const carts = await Promise.all(shoppers.map((shopper, i) => cartOf(shopper, i, item)));
    const chargesBefore = await chargesCount();
    const at = Date.now();
    const replies = await Promise.all(shoppers.map((shopper, i) => finish(shopper, i, carts[i]!, METHOD.boleto)));
    const ms = Date.now() - at;
    const sold = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status !== 200);
    const charges = (await chargesCount()) - chargesBefore;
    const { level, ledger } = await stockAgainstSales(db, item);
    figures.push(
      `${label}: ${sold.length} sales, ${refused.length} refused as sold out, ${charges} charges, level ${level} (ledger ${ledger}), ${ms} ms`,
    );
    assert.deepEqual(
      sold.map((reply) => reply.body.finished.statusCode),
      Array(left).fill("pending"),
      `${label}: sales`,
    );
    assert.equal(refused.length, CUSTOMERS - left, `${label}: refusals`);
    assertRefusals(refused, item);
    assert.equal(charges, left, `${label}: charges`);
    assert.equal(await chargedAmong(sold.map((reply) => reply.body.finished.saleId)), left, `${label}: charged sales`);
    assert.equal(level, 0, `${label}: level`);
    assert.equal(ledger, level, `${label}: ledger`);
  }

  for (let round = 1; round <= ROUNDS; round++) await race(`size M, last 2 pieces, run ${round}`, shirtM, 2);
  for (let round = 1; round <= ROUNDS; round++) await race(`course, last 3 seats, run ${round}`, course, 3);

  // A pending Pix holds 1 of 3 pieces; it expires (the sweep, as any server's hourly job would run
  // it) while the 49 others finish: the piece it gives back goes to at most one of them.
  for (let round = 1; round <= ROUNDS; round++) {
    const label = `size M, 3 pieces, 1 held by a Pix expiring meanwhile, run ${round}`;
    const [holder, ...others] = shoppers;
    await stockTo(db, shirtM, 3);
    const pix = await finish(holder!, 0, await cartOf(holder!, 0, shirtM), METHOD.pix);
    assert.equal(pix.status, 200, JSON.stringify(pix.body));
    assert.equal(pix.body.finished.statusCode, "pending");
    const carts = await Promise.all(others.map((shopper, i) => cartOf(shopper, i + 1, shirtM)));
    const chargesBefore = await chargesCount();
    const at = Date.now();
    const tomorrow = () => new Date(Date.now() + 24 * 60 * 60_000);
    const [expired, ...replies] = await Promise.all([
      expireOverdueSales({ db, now: tomorrow }),
      ...others.map((shopper, i) => finish(shopper, i + 1, carts[i]!, METHOD.boleto)),
    ]);
    const ms = Date.now() - at;
    const winners = replies.filter((reply) => reply.status === 200);
    const sold = winners.length;
    const refused = replies.filter((reply) => reply.status !== 200);
    const charges = (await chargesCount()) - chargesBefore;
    const { level, ledger, strayHolds } = await stockAgainstSales(db, shirtM);
    figures.push(
      `${label}: ${sold} sales, ${refused.length} refused as sold out, ${charges} charges, level ${level} (ledger ${ledger}), ${ms} ms`,
    );
    assert.ok(
      expired.some((change) => change.saleId === pix.body.finished.saleId && change.to === "expired"),
      `${label}: the Pix expired`,
    );
    // 2 pieces were free; the Pix's comes back during the race, before or after the last finish.
    assert.ok(sold === 2 || sold === 3, `${label}: ${sold} sales`);
    assert.equal(refused.length, others.length - sold, `${label}: refusals`);
    assertRefusals(refused, shirtM);
    assert.equal(charges, sold, `${label}: charges`);
    assert.equal(
      await chargedAmong(winners.map((reply) => reply.body.finished.saleId)),
      sold,
      `${label}: charged sales`,
    );
    assert.equal(sold + level, 3, `${label}: level`);
    assert.equal(ledger, level, `${label}: ledger`);
    assert.equal(strayHolds, 0, `${label}: the expired Pix still holds its piece`);
  }

  console.log(
    `two servers on one PostgreSQL database, ${CUSTOMERS} customers finishing at once:\n  ${figures.join("\n  ")}\n` +
      `  ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
  );
} catch (error) {
  if (figures.length) console.error(`runs before the failure:\n  ${figures.join("\n  ")}`);
  throw error;
} finally {
  await db.destroy();
  await second.kill();
  await first.kill();
  await second.cleanUp();
  await first.cleanUp();
}
