import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bag, demoItems, linkByRA, METHOD, saveCart, testCard } from "#tests/fixtures/carts.ts";
import { randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { cancelSale } from "#api/gestor/sales/service.ts";
import { WAITING_LIST_MESSAGES as M } from "#api/contract/waiting-list.ts";
import { createSandboxGateway, SANDBOX_CARDS } from "#api/payments/sandbox-gateway.ts";
import { setStockLevel } from "./repository.ts";
import { addWaitingListEntries, expireSeatOffers } from "./waiting-list.ts";

// A full class's waiting list through the store API (docs/decisions/0070-waiting-list.md): on
// SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test-postgres.sh).

const STORE = 1;
const SHOPPERS = 24;
const DAY = 24 * 60 * 60_000;

let t: TestApi;
let now = new Date();
const clock = () => now;
const deps = () => ({ db: t.db, now: clock, gateway: createSandboxGateway({ db: t.db, now: clock }) });

/** A course of the demo catalogue whose class is tracked; each test sets its free seats. */
let course: { itemTOTVSId: number; title: string; unitCode: string };
/** Each with an RA linked: every one can buy the course. */
let shoppers: { customer: SignedUpCustomer; studentId: string }[];

beforeAll(async () => {
  t = await createTestApi();
  t.setNow(undefined);
  const items = await demoItems(t.db);
  const row = await t.db
    .selectFrom("products")
    .select(["title", "unit_code", "item_totvs_id"])
    .where("item_totvs_id", "=", items.S[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  course = { itemTOTVSId: row.item_totvs_id, title: row.title, unitCode: row.unit_code };
  shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    shoppers.push({ customer, studentId });
  }
}, 240_000);
afterAll(() => t?.close());

const seatItem = () => ({ storeId: STORE, unitCode: course.unitCode, itemTotvsId: course.itemTOTVSId });

/** A fresh class: no one in line, `free` seats. */
beforeEach(async () => {
  now = new Date();
  t.setNow(undefined);
  await t.db.deleteFrom("waiting_list_entries").execute();
  await seatsTo(0);
});

function seatsTo(available: number) {
  return t.db
    .transaction()
    .execute((trx) => setStockLevel(trx, seatItem(), available, { reason: "adjust", at: clock().toISOString() }));
}

async function freeSeats(): Promise<number> {
  const row = await t.db
    .selectFrom("stock_levels")
    .select("available")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", course.unitCode)
    .where("item_totvs_id", "=", course.itemTOTVSId)
    .executeTakeFirstOrThrow();
  return row.available;
}

/** The ledger's sum for the course: with levels set through setStockLevel, what `available` must be. */
async function ledger(): Promise<number> {
  const rows = await t.db
    .selectFrom("stock_movements")
    .select("delta")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", course.unitCode)
    .where("item_totvs_id", "=", course.itemTOTVSId)
    .execute();
  return rows.reduce((sum, row) => sum + row.delta, 0);
}

/** The line as the gestor would read it: e-mail and status, first first. */
const line = () =>
  t.db
    .selectFrom("waiting_list_entries")
    .select(["email", "status"])
    .where("item_totvs_id", "=", course.itemTOTVSId)
    .orderBy("position")
    .execute();

function join(body: Record<string, unknown>, token?: string) {
  return t.call(
    "POST",
    "/waiting-list/join-waiting-list",
    { storeId: STORE, itemTOTVSId: course.itemTOTVSId, ...body },
    { token, address: randomAddress() },
  );
}

const joinAs = (shopper: (typeof shoppers)[number]) => join({}, shopper.customer.token);

function finish(shopper: (typeof shoppers)[number], cartId: string, body: Record<string, unknown> = {}) {
  return t.call(
    "PUT",
    `/carts/finish-cart-by-customer/${shopper.customer.id}/cart/${cartId}/store/${STORE}`,
    { acceptedTerms: true, deliveryDate: null, installments: 1, paymentMethodId: METHOD.boleto, ...body },
    { token: shopper.customer.token, address: randomAddress() },
  );
}

async function buyCourse(shopper: (typeof shoppers)[number], body: Record<string, unknown> = {}) {
  const saved = await saveCart(t, shopper.customer, [bag(shopper.studentId, [course.itemTOTVSId, 1])]);
  if (saved.status !== 200) throw new Error(`cart not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return finish(shopper, saved.body.cart.cartId, body);
}

/** Sells the class's `count` last seats (pending boletos): answers their sale ids. */
async function fillClass(count: number, buyers = shoppers.slice(-count)): Promise<string[]> {
  await seatsTo(count);
  const sales: string[] = [];
  for (const buyer of buyers) {
    const reply = await buyCourse(buyer);
    expect(reply.status).toBe(200);
    sales.push(reply.body.finished.saleId);
  }
  expect(await freeSeats()).toBe(0);
  return sales;
}

/** Delivers the outbox and answers the offer e-mails sent to `email` since `from`. */
async function offersTo(email: string, from: number) {
  await t.mailWorker.drain();
  return t.mail.slice(from).filter((mail) => mail.to === email && mail.subject.startsWith("Abriu uma vaga"));
}

const tokenOf = (mail: { text: string }) => /\/lista-de-espera\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

describe("joining the list", () => {
  it("is refused while the class has free seats, or for what is not a limited course", async () => {
    await seatsTo(2);
    expect(await joinAs(shoppers[0]!)).toMatchObject({ status: 409, body: { error: { message: M.seatsFree } } });
    const notACourse = await demoItems(t.db);
    const shirt = await join({ itemTOTVSId: notACourse.P[0]!.itemTOTVSId }, shoppers[0]!.customer.token);
    expect(shirt).toMatchObject({ status: 409, body: { error: { message: M.notACourse } } });
    expect(await line()).toEqual([]);
  });

  it("keeps one place per parent, in order, a visitor's only with consent", async () => {
    const [first, second] = shoppers;
    expect(await joinAs(first!)).toMatchObject({
      status: 201,
      body: { waitingListEntry: { email: first!.customer.email, place: 1 }, alreadyWaiting: false },
    });
    expect(await joinAs(first!)).toMatchObject({
      status: 200,
      body: { alreadyWaiting: true, waitingListEntry: { place: 1 } },
    });
    expect(await joinAs(second!)).toMatchObject({ status: 201, body: { waitingListEntry: { place: 2 } } });
    const visitor = "visitante@exemplo.com.br";
    expect(await join({ email: visitor })).toMatchObject({
      status: 400,
      body: { error: { message: M.consentRequired } },
    });
    expect(await join({ email: "VISITANTE@exemplo.com.br ", consent: true })).toMatchObject({
      status: 201,
      body: { waitingListEntry: { email: visitor, place: 3 } },
    });
    expect(await line()).toEqual([
      { email: first!.customer.email, status: "waiting" },
      { email: second!.customer.email, status: "waiting" },
      { email: visitor, status: "waiting" },
    ]);
  });
});

describe("a freed seat", () => {
  it("goes to the first in line, held for 24 hours: nobody else can buy it, and they can", async () => {
    const [first, second, stranger] = shoppers;
    const [sale] = await fillClass(1);
    await joinAs(first!);
    await joinAs(second!);
    const mailFrom = t.mail.length;
    await cancelSale(deps(), sale!, COMMAND_LINE);
    // Held for the first in line, not returned to the free seats; the ledger shows both moves.
    expect(await freeSeats()).toBe(0);
    expect(await ledger()).toBe(0);
    expect(await line()).toEqual([
      { email: first!.customer.email, status: "offered" },
      { email: second!.customer.email, status: "waiting" },
    ]);
    const [offer] = await offersTo(first!.customer.email, mailFrom);
    expect(offer!.subject).toBe(`Abriu uma vaga: ${course.title} - Loja Escolar`);
    expect(await offersTo(second!.customer.email, mailFrom)).toEqual([]);
    // The token is only in the e-mail: the table keeps its digest.
    const token = tokenOf(offer!);
    const stored = await t.db.selectFrom("waiting_list_entries").select("offer_token_hash").execute();
    expect(stored.map((row) => row.offer_token_hash)).not.toContain(token);

    // The cart says so: full for everyone but the parent the seat is held for.
    const soldOutInCart = async (shopper: (typeof shoppers)[number]) => {
      const saved = await saveCart(t, shopper.customer, [bag(shopper.studentId, [course.itemTOTVSId, 1])]);
      return saved.body.cart.bags[0].cartItems[0].soldOut;
    };
    expect(await soldOutInCart(first!)).toBe(false);
    expect(await soldOutInCart(stranger!)).toBe(true);
    // Another parent's finish, and the second in line's, find the class full.
    expect((await buyCourse(stranger!)).status).toBe(409);
    expect((await buyCourse(second!)).status).toBe(409);
    // The offer's page, for its link.
    const shown = await t.call("GET", `/waiting-list/seat-offers/${token}`);
    expect(shown).toMatchObject({
      status: 200,
      body: {
        seatOffer: { status: "offered", courseTitle: course.title, itemTOTVSId: course.itemTOTVSId, bound: true },
      },
    });
    expect(Date.parse(shown.body.seatOffer.expiresAt) - Date.now()).toBeGreaterThan(DAY - 60 * 60_000);
    // The parent's own finish takes the held seat.
    const bought = await buyCourse(first!);
    expect(bought.status).toBe(200);
    expect(await freeSeats()).toBe(0);
    expect(await ledger()).toBe(0);
    expect((await line())[0]).toEqual({ email: first!.customer.email, status: "converted" });
  });

  it("comes back to the same parent when their card is declined within the offer's time", async () => {
    const [first, second] = shoppers;
    const [sale] = await fillClass(1);
    await joinAs(first!);
    await joinAs(second!);
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const declined = await buyCourse(first!, {
      paymentMethodId: METHOD.credit,
      ...testCard({ cardNumber: SANDBOX_CARDS.declined[0] }),
    });
    expect(declined.status).toBe(402);
    expect(await line()).toEqual([
      { email: first!.customer.email, status: "offered" },
      { email: second!.customer.email, status: "waiting" },
    ]);
    expect(await freeSeats()).toBe(0);
    expect((await buyCourse(first!)).status).toBe(200);
  });

  it("goes to the next in line when its parent is in line again meanwhile (another child)", async () => {
    const [first, second] = shoppers;
    const [sale] = await fillClass(1);
    await joinAs(first!);
    await joinAs(second!);
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const bought = await buyCourse(first!);
    expect(bought.status).toBe(200);
    // The class is full again: the same parent joins for a second child.
    expect((await joinAs(first!)).status).toBe(201);
    // Their pending sale is cancelled within the offer's 24 hours: the give-back goes through,
    // and the seat goes to the first in line, not to a second live place of the same address.
    await cancelSale(deps(), bought.body.finished.saleId, COMMAND_LINE);
    expect(await line()).toEqual([
      { email: first!.customer.email, status: "converted" },
      { email: second!.customer.email, status: "offered" },
      { email: first!.customer.email, status: "waiting" },
    ]);
    expect(await freeSeats()).toBe(0);
    expect(await ledger()).toBe(0);
  });

  it("passes to the next in line when the offer expires, and to the free seats when nobody waits", async () => {
    const [first, second] = shoppers;
    const [sale] = await fillClass(1);
    await joinAs(first!);
    await joinAs(second!);
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const offer = (await offersTo(first!.customer.email, 0)).at(-1);
    const mailFrom = t.mail.length;
    // Still within the 24 hours: nothing ends.
    expect(await expireSeatOffers({ db: t.db, now: () => new Date(Date.now() + DAY - 60_000) })).toBe(0);
    const later = () => new Date(Date.now() + DAY + 60_000);
    expect(await expireSeatOffers({ db: t.db, now: later })).toBe(1);
    expect(await line()).toEqual([
      { email: first!.customer.email, status: "expired" },
      { email: second!.customer.email, status: "offered" },
    ]);
    // Its e-mail is due at the sweep's time: the outbox sends it then.
    t.setNow(later());
    expect(await offersTo(second!.customer.email, mailFrom)).toHaveLength(1);
    t.setNow(undefined);
    expect(await freeSeats()).toBe(0);
    // The first parent's link now says the seat went on; their finish finds the class full.
    expect(await t.call("GET", `/waiting-list/seat-offers/${tokenOf(offer!)}`)).toMatchObject({
      status: 200,
      body: { seatOffer: { status: "expired" } },
    });
    expect((await buyCourse(first!)).status).toBe(409);
    // The second lets it lapse too (two days on): nobody is left, the seat is free again.
    expect(await expireSeatOffers({ db: t.db, now: () => new Date(Date.now() + 2 * DAY + 120_000) })).toBe(1);
    expect(await freeSeats()).toBe(1);
    expect(await ledger()).toBe(1);
  });

  it("offered to a visitor's address is bound to the account that opens the link first", async () => {
    const [owner, other] = shoppers;
    const [sale] = await fillClass(1);
    const visitor = "mae.visitante@exemplo.com.br";
    await join({ email: visitor, consent: true });
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const token = tokenOf((await offersTo(visitor, 0)).at(-1)!);
    expect(await t.call("GET", `/waiting-list/seat-offers/${token}`)).toMatchObject({
      body: { seatOffer: { bound: false } },
    });
    // Without a login the offer cannot be taken.
    expect((await t.call("POST", `/waiting-list/seat-offers/${token}/accept`)).status).toBe(401);
    const accepted = await t.call("POST", `/waiting-list/seat-offers/${token}/accept`, undefined, {
      token: owner!.customer.token,
    });
    expect(accepted).toMatchObject({ status: 200, body: { seatOffer: { status: "offered", bound: true } } });
    // A forwarded e-mail: another account cannot take it, nor buy the seat.
    expect(
      await t.call("POST", `/waiting-list/seat-offers/${token}/accept`, undefined, { token: other!.customer.token }),
    ).toMatchObject({ status: 403, body: { error: { message: M.offerOfAnotherAccount } } });
    expect((await buyCourse(other!)).status).toBe(409);
    expect((await buyCourse(owner!)).status).toBe(200);
  });

  it("declined through the link, or left, goes to the next in line", async () => {
    const [first, second, third] = shoppers;
    const [sale] = await fillClass(1);
    for (const shopper of [first, second, third]) await joinAs(shopper!);
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const token = tokenOf((await offersTo(first!.customer.email, 0)).at(-1)!);
    expect(await t.call("POST", `/waiting-list/seat-offers/${token}/decline`)).toMatchObject({
      status: 200,
      body: { seatOffer: { status: "left" } },
    });
    expect(await t.call("POST", `/waiting-list/seat-offers/${token}/decline`)).toMatchObject({
      status: 409,
      body: { error: { message: M.offerClosed } },
    });
    expect((await line()).map((entry) => entry.status)).toEqual(["left", "offered", "waiting"]);
    const left = await t.call(
      "POST",
      "/waiting-list/leave-waiting-list",
      { storeId: STORE, itemTOTVSId: course.itemTOTVSId },
      { token: second!.customer.token },
    );
    expect(left).toMatchObject({ status: 200, body: { left: 1 } });
    expect((await line()).map((entry) => entry.status)).toEqual(["left", "left", "offered"]);
    expect(await freeSeats()).toBe(0);
    expect(await ledger()).toBe(0);
  });

  it("raised capacity offers the new seats to the line first", async () => {
    const [first, second] = shoppers;
    await joinAs(first!);
    await joinAs(second!);
    await seatsTo(3);
    // Two seats held for the two parents, one free for anyone.
    expect(await freeSeats()).toBe(1);
    expect(await ledger()).toBe(1);
    expect((await line()).map((entry) => entry.status)).toEqual(["offered", "offered"]);
  });
});

describe("at the same moment", () => {
  it("seats freed while parents join: each freed seat held for exactly one parent, counts agree (×3)", async () => {
    for (let round = 0; round < 3; round++) {
      await t.db.deleteFrom("waiting_list_entries").execute();
      const buyers = shoppers.slice(-4);
      const sales = await fillClass(4, buyers);
      const early = shoppers.slice(0, 6);
      for (const shopper of early) await joinAs(shopper);
      const late = shoppers.slice(6, 16);
      // 4 cancellations and 10 joins at once.
      const replies = await Promise.all([
        ...sales.map((sale) => cancelSale(deps(), sale, COMMAND_LINE)),
        ...late.map((shopper) => joinAs(shopper)),
      ]);
      const joins = replies.slice(sales.length) as { status: number; body: any }[];
      // A join either found the class full (in line) or a seat not yet offered (never: every
      // freed seat is offered in its release, before anyone can see it free).
      expect(joins.map((reply) => reply.status)).toEqual(Array(late.length).fill(201));
      const entries = await line();
      expect(entries.filter((entry) => entry.status === "offered")).toHaveLength(4);
      // The first four in line got them: the early ones.
      expect(entries.slice(0, 4).map((entry) => entry.status)).toEqual(Array(4).fill("offered"));
      expect(entries).toHaveLength(16);
      expect(await freeSeats()).toBe(0);
      expect(await ledger()).toBe(0);
      const places = joins.map((reply) => reply.body.waitingListEntry.place).sort((a, b) => a - b);
      expect(places).toEqual(Array.from({ length: late.length }, (_, i) => 7 + i));
    }
  }, 240_000);

  it("everyone finishing while a seat is held: only its parent gets it", async () => {
    const [sale] = await fillClass(1, [shoppers.at(-1)!]);
    const holder = shoppers[0]!;
    await joinAs(holder);
    await cancelSale(deps(), sale!, COMMAND_LINE);
    const others = shoppers.slice(1, -1);
    const carts: string[] = [];
    for (const shopper of [holder, ...others]) {
      const saved = await saveCart(t, shopper.customer, [bag(shopper.studentId, [course.itemTOTVSId, 1])]);
      carts.push(saved.body.cart.cartId);
    }
    const replies = await Promise.all([holder, ...others].map((shopper, i) => finish(shopper, carts[i]!)));
    expect(replies[0]!.status).toBe(200);
    expect(replies.slice(1).map((reply) => reply.status)).toEqual(Array(others.length).fill(409));
    expect(await freeSeats()).toBe(0);
    expect(await ledger()).toBe(0);
  }, 240_000);
});

describe("the demo seed's entries", () => {
  it("join the end of the line, each address once", async () => {
    await joinAs(shoppers[0]!);
    const at = new Date().toISOString();
    const added = await addWaitingListEntries(
      t.db,
      seatItem(),
      [{ email: "Pai@exemplo.com.br" }, { email: "pai@exemplo.com.br" }, { email: shoppers[0]!.customer.email }],
      { at, storefrontUrl: t.publicUrl },
    );
    expect(added).toHaveLength(1);
    expect((await line()).map((entry) => entry.email)).toEqual([shoppers[0]!.customer.email, "pai@exemplo.com.br"]);
  });
});
