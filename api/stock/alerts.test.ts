import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoItems } from "#tests/fixtures/carts.ts";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { STOCK_ALERT_MESSAGES } from "#api/contract/stock-alerts.ts";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { SESSION_EXPIRED } from "#api/accounts/auth-middleware.ts";
import { STOCK_ALERTS_BY_ADDRESS } from "#api/stock-alerts/routes.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { pruneStockAlerts } from "./alerts.ts";
import { giveBackStock, setStockLevel, takeStock } from "./repository.ts";

// "Avise-me quando chegar" through the store API and the stock engine: on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).

const STORE = 1;
const PATH = "/stock-alerts/create-stock-alert";

let t: TestApi;
/** A T-shirt sold in sizes P, M and G, each its own item code; its page's path. */
let shirt: { productId: string; title: string; unitCode: string; path: string; sizes: Record<"P" | "M" | "G", number> };
/** A product of the demo catalogue whose stock is not tracked. */
let untracked: number;
/** A course of the demo catalogue: its seats are tracked, but a full class has a waiting list instead. */
let course: { itemTOTVSId: number; unitCode: string };

beforeAll(async () => {
  t = await createTestApi();
  const items = await demoItems(t.db);
  const product = await t.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "p.title", "p.unit_code", "p.slug", "c.slug as category_slug"])
    .where("p.item_totvs_id", "=", items.P[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  const sizes = { P: 991_001, M: 991_002, G: 991_003 };
  await addSizes(t.db, { id: product.id, storeId: STORE }, sizes);
  shirt = {
    productId: product.id,
    title: product.title,
    unitCode: product.unit_code,
    path: `/produto/${product.category_slug}/${product.slug}`,
    sizes,
  };
  untracked = items.P[1]!.itemTOTVSId;
  const courseRow = await t.db
    .selectFrom("products")
    .select(["item_totvs_id", "unit_code"])
    .where("item_totvs_id", "=", items.S[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  course = { itemTOTVSId: courseRow.item_totvs_id, unitCode: courseRow.unit_code };
  await stockTo(course.unitCode, course.itemTOTVSId, 0);
}, 60_000);
afterAll(() => t?.close());

const at = () => new Date().toISOString();
const size = (value: "P" | "M" | "G") => ({
  storeId: STORE,
  unitCode: shirt.unitCode,
  itemTotvsId: shirt.sizes[value],
});

function stockTo(unitCode: string, itemTotvsId: number, available: number) {
  return t.db
    .transaction()
    .execute((trx) =>
      setStockLevel(trx, { storeId: STORE, unitCode, itemTotvsId }, available, { reason: "adjust", at: at() }),
    );
}

const visitorAlert = (itemTOTVSId: number, email: string, extra: Record<string, unknown> = { consent: true }) =>
  t.call("POST", PATH, { storeId: STORE, itemTOTVSId, email, ...extra }, { address: randomAddress() });

const alertsOf = (itemTotvsId: number) =>
  t.db
    .selectFrom("stock_alerts")
    .select(["email", "customer_id", "notified_at"])
    .where("item_totvs_id", "=", itemTotvsId)
    .orderBy("email")
    .execute();

/** The "Chegou" e-mails sent so far, by recipient. */
async function sentAlerts(): Promise<Map<string, { subject: string; text: string }[]>> {
  await t.mailWorker.drain();
  const sent = new Map<string, { subject: string; text: string }[]>();
  for (const message of t.mail.filter((mail) => mail.subject.startsWith("Chegou:")))
    sent.set(message.to, [...(sent.get(message.to) ?? []), { subject: message.subject, text: message.text }]);
  return sent;
}

describe("Avise-me quando chegar", () => {
  it("keeps a visitor's address for a sold-out size, once, and says so the second time", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.M, 0);
    const first = await visitorAlert(shirt.sizes.M, "  Mae.Visitante@Exemplo.com.br ");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      stockAlert: { id: expect.any(String), itemTOTVSId: shirt.sizes.M, email: "mae.visitante@exemplo.com.br" },
      alreadyWaiting: false,
    });
    const again = await visitorAlert(shirt.sizes.M, "mae.visitante@exemplo.com.br");
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, alreadyWaiting: true });
    expect(await alertsOf(shirt.sizes.M)).toEqual([
      { email: "mae.visitante@exemplo.com.br", customer_id: null, notified_at: null },
    ]);
  });

  it("keeps a logged-in customer's own address, whatever the body says", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.G, 0);
    const customer = await signUpAndLogIn(t);
    const reply = await t.call(
      "POST",
      PATH,
      { storeId: STORE, itemTOTVSId: shirt.sizes.G, email: "outra.pessoa@exemplo.com.br" },
      { token: customer.token, address: randomAddress() },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.stockAlert.email).toBe(customer.email);
    expect(await alertsOf(shirt.sizes.G)).toEqual([
      { email: customer.email, customer_id: customer.id, notified_at: null },
    ]);
  });

  it("an ended session's button is a 401; with an address and consent it is a visitor's request", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.G, 0);
    const customer = await signUpAndLogIn(t);
    await t.call("POST", "/accounts/logout-customer", undefined, { token: customer.token });
    const button = { storeId: STORE, itemTOTVSId: shirt.sizes.G };
    const ended = await t.call("POST", PATH, button, { token: customer.token, address: randomAddress() });
    expect({ status: ended.status, message: ended.body.error.message }).toEqual({
      status: 401,
      message: SESSION_EXPIRED,
    });
    const typed = await t.call(
      "POST",
      PATH,
      { ...button, email: "depois.do.logout@exemplo.com.br", consent: true },
      { token: customer.token, address: randomAddress() },
    );
    expect(typed.status).toBe(201);
    expect((await alertsOf(shirt.sizes.G)).filter((alert) => alert.customer_id === customer.id)).toEqual([]);
  });

  it("refuses, with a clear message and nothing kept, what cannot be waited for", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 2);
    const refusals: [Promise<{ status: number; body: any }>, number, string][] = [
      [visitorAlert(shirt.sizes.P, "pai@exemplo", {}), 400, CUSTOMER_MESSAGES.emailPattern],
      [visitorAlert(shirt.sizes.M, "pai@exemplo.com.br", {}), 400, STOCK_ALERT_MESSAGES.consentRequired],
      [
        visitorAlert(shirt.sizes.M, "pai@exemplo.com.br", { consent: false }),
        400,
        STOCK_ALERT_MESSAGES.consentRequired,
      ],
      [
        t.call(
          "POST",
          PATH,
          { storeId: STORE, itemTOTVSId: shirt.sizes.M, consent: true },
          { address: randomAddress() },
        ),
        400,
        CUSTOMER_MESSAGES.emailRequired,
      ],
      [visitorAlert(shirt.sizes.P, "pai@exemplo.com.br"), 409, STOCK_ALERT_MESSAGES.notSoldOut],
      [visitorAlert(untracked, "pai@exemplo.com.br"), 409, STOCK_ALERT_MESSAGES.notTracked],
      [visitorAlert(course.itemTOTVSId, "pai@exemplo.com.br"), 409, STOCK_ALERT_MESSAGES.seat],
      [visitorAlert(987_654, "pai@exemplo.com.br"), 404, STOCK_ALERT_MESSAGES.unknownItem],
    ];
    for (const [reply, status, message] of refusals) {
      const { status: got, body } = await reply;
      expect({ status: got, message: body.error.message }).toEqual({ status, message });
    }
    expect(await t.db.selectFrom("stock_alerts").select("email").where("email", "like", "pai@%").execute()).toEqual([]);
  });

  it("limits the requests of one caller's address", async () => {
    const address = randomAddress();
    const ask = (n: number) =>
      t.call(
        "POST",
        PATH,
        { storeId: STORE, itemTOTVSId: shirt.sizes.M, email: `limite.${n}@exemplo.com.br`, consent: true },
        { address },
      );
    for (let n = 0; n < STOCK_ALERTS_BY_ADDRESS.limit; n++) expect((await ask(n)).status).toBe(201);
    const over = await ask(STOCK_ALERTS_BY_ADDRESS.limit);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(TOO_MANY_REQUESTS);
  });
});

describe("when the stock returns", () => {
  it("sends one e-mail per waiting address when a size comes back, and none on a later return", async () => {
    const item = { storeId: STORE, unitCode: shirt.unitCode, itemTotvsId: 991_004 };
    await addSizes(t.db, { id: shirt.productId, storeId: STORE }, { GG: item.itemTotvsId });
    await stockTo(shirt.unitCode, item.itemTotvsId, 0);
    expect((await visitorAlert(item.itemTotvsId, "ana@exemplo.com.br")).status).toBe(201);
    expect((await visitorAlert(item.itemTotvsId, "bruno@exemplo.com.br")).status).toBe(201);
    expect((await visitorAlert(item.itemTotvsId, "ana@exemplo.com.br")).status).toBe(200);

    // A count that finds none still sends nothing.
    await stockTo(shirt.unitCode, item.itemTotvsId, 0);
    expect([...(await sentAlerts()).keys()].filter((to) => /^(ana|bruno)@/.test(to))).toEqual([]);

    await stockTo(shirt.unitCode, item.itemTotvsId, 3);
    const sent = await sentAlerts();
    for (const to of ["ana@exemplo.com.br", "bruno@exemplo.com.br"]) {
      expect(sent.get(to)).toHaveLength(1);
      const [mail] = sent.get(to)!;
      expect(mail!.subject).toBe(`Chegou: ${shirt.title} (Tamanho GG) - Loja Escolar`);
      expect(mail!.text).toContain(`${t.publicUrl}${shirt.path}`);
      expect(mail!.text).toContain("Este é o único aviso sobre ele.");
    }
    expect((await alertsOf(item.itemTotvsId)).every((alert) => alert.notified_at !== null)).toBe(true);

    // Sold out and back again: the alerts were already answered.
    await t.db.transaction().execute((trx) => takeStock(trx, item, 3, { reason: "adjust", at: at() }));
    await t.db.transaction().execute((trx) => giveBackStock(trx, item, 1, { reason: "release", at: at() }));
    const after = await sentAlerts();
    expect(after.get("ana@exemplo.com.br")).toHaveLength(1);
    expect(after.get("bruno@exemplo.com.br")).toHaveLength(1);
    // Once answered, the same address may ask again.
    await t.db.transaction().execute((trx) => takeStock(trx, item, 1, { reason: "adjust", at: at() }));
    expect((await visitorAlert(item.itemTotvsId, "ana@exemplo.com.br")).status).toBe(201);
  });

  it("a piece given back by a sale wakes the alert; a rolled-back return sends nothing", async () => {
    const item = size("M");
    await stockTo(shirt.unitCode, item.itemTotvsId, 0);
    expect((await visitorAlert(item.itemTotvsId, "carla@exemplo.com.br")).status).toBe(201);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await giveBackStock(trx, item, 1, { reason: "release", at: at() });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await sentAlerts()).get("carla@exemplo.com.br")).toBeUndefined();
    expect((await alertsOf(item.itemTotvsId)).find((a) => a.email === "carla@exemplo.com.br")?.notified_at).toBeNull();

    await t.db.transaction().execute((trx) => giveBackStock(trx, item, 1, { reason: "release", at: at() }));
    const sent = await sentAlerts();
    expect(sent.get("carla@exemplo.com.br")?.map((mail) => mail.subject)).toEqual([
      `Chegou: ${shirt.title} (Tamanho M) - Loja Escolar`,
    ]);
  });
});

describe("privacy", () => {
  it("deleting an account deletes its alerts, by the account and by its address; others stay", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.G, 0);
    const customer = await signUpAndLogIn(t);
    const other = await signUpAndLogIn(t);
    const asked = (token: string) =>
      t.call("POST", PATH, { storeId: STORE, itemTOTVSId: shirt.sizes.G }, { token, address: randomAddress() });
    expect((await asked(customer.token)).status).toBe(201);
    expect((await asked(other.token)).status).toBe(201);
    // The same address typed while logged out, for another sold-out size.
    await stockTo(shirt.unitCode, shirt.sizes.P, 0);
    expect((await visitorAlert(shirt.sizes.P, customer.email)).status).toBe(201);

    // "Baixar meus dados" lists both before they go.
    const exported = await t.call("GET", `/customers/export-customer-data/${customer.id}/store/${STORE}`, undefined, {
      token: customer.token,
    });
    const byItem = (a: { itemTOTVSId: number }, b: { itemTOTVSId: number }) => a.itemTOTVSId - b.itemTOTVSId;
    expect([...exported.body.customerData.stockAlerts].sort(byItem)).toEqual([
      { itemTOTVSId: shirt.sizes.P, email: customer.email, createdAt: expect.any(String), notifiedAt: null },
      { itemTOTVSId: shirt.sizes.G, email: customer.email, createdAt: expect.any(String), notifiedAt: null },
    ]);

    const deleted = await t.call(
      "POST",
      `/customers/delete-customer/${customer.id}/store/${STORE}`,
      { password: customer.password },
      { token: customer.token, address: randomAddress() },
    );
    expect(deleted.status).toBe(204);
    const left = await t.db.selectFrom("stock_alerts").select(["email", "customer_id"]).execute();
    expect(left.filter((a) => a.email === customer.email || a.customer_id === customer.id)).toEqual([]);
    expect(left).toContainEqual({ email: other.email, customer_id: other.id });
  });
});

describe("kept only for their time (docs/privacy.md)", () => {
  it("deletes sent alerts 30 days after their e-mail and pending ones a year after they were asked", async () => {
    const now = new Date("2027-03-01T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    const alert = (label: string, createdDaysAgo: number, notifiedDaysAgo: number | null) => ({
      id: crypto.randomUUID(),
      store_id: STORE,
      unit_code: shirt.unitCode,
      item_totvs_id: shirt.sizes.M,
      email: `${label}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`,
      customer_id: null,
      consent_at: daysAgo(createdDaysAgo),
      storefront_url: "http://loja.local",
      created_at: daysAgo(createdDaysAgo),
      notified_at: notifiedDaysAgo === null ? null : daysAgo(notifiedDaysAgo),
    });
    const rows = {
      sentLongAgo: alert("enviado-ha-31-dias", 60, 31),
      sentRecently: alert("enviado-ha-29-dias", 60, 29),
      waitingOverAYear: alert("esperando-ha-366-dias", 366, null),
      waiting: alert("esperando-ha-300-dias", 300, null),
    };
    await t.db.insertInto("stock_alerts").values(Object.values(rows)).execute();

    expect(await pruneStockAlerts(t.db, now)).toBeGreaterThanOrEqual(2);
    const left = new Set(
      (await t.db.selectFrom("stock_alerts").select("id").execute()).map((row: { id: string }) => row.id),
    );
    expect(left.has(rows.sentLongAgo.id)).toBe(false);
    expect(left.has(rows.waitingOverAYear.id)).toBe(false);
    expect(left.has(rows.sentRecently.id)).toBe(true);
    expect(left.has(rows.waiting.id)).toBe(true);
    // Twice is harmless.
    expect(await pruneStockAlerts(t.db, now)).toBe(0);
  });
});
