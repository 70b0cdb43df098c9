/**
 * A class's waiting list in Estoque through the store API (issue 28: "the gestor sees and
 * reorders the list"; api/contract/gestor/waiting-list.ts): the line first first with who waits,
 * a move that swaps with the neighbour the page showed (a stale one refused, nothing changed),
 * a removal whose held seat passes on, each audited; a secretary's units only, atendimento reads.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GESTOR_WAITING_LIST_MESSAGES as M } from "#api/contract/gestor/waiting-list.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { addWaitingListEntries } from "#api/stock/waiting-list.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";

const STORE = 1;
const {
  t,
  admin,
  atendimento: attendant,
  secretaria: secretary,
} = gestorTestApiForFile(["admin", "atendimento", "secretaria"], { seed: true });
let outsider: TestStaff;
let parent: SignedUpCustomer;
let course: { unitCode: string; itemTotvsId: number };
const EMAILS = ["primeira@example.com", "segunda@example.com", "terceira@example.com"];

const seats = (available: number) =>
  t.db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, ...course }, available, {
      reason: "capacity",
      at: new Date().toISOString(),
    }),
  );

beforeAll(async () => {
  const row = await t.db
    .selectFrom("products")
    .select(["item_totvs_id", "unit_code"])
    .where("type", "=", "S")
    .where("unit_code", "=", "1")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  course = { unitCode: row.unit_code, itemTotvsId: row.item_totvs_id };
  await t.db.updateTable("products").set({ capacity: 20 }).where("item_totvs_id", "=", row.item_totvs_id).execute();
  outsider = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  parent = await signUpAndLogIn(t, { name: "Segunda Responsável" });
});

/** A full class with three in line; the second is a logged-in parent's account. */
beforeEach(async () => {
  await t.db.deleteFrom("waiting_list_entries").execute();
  await seats(0);
  await addWaitingListEntries(
    t.db,
    { storeId: STORE, ...course },
    [{ email: EMAILS[0]! }, { email: EMAILS[1]!, customerId: parent.id }, { email: EMAILS[2]! }],
    { at: new Date().toISOString(), storefrontUrl: "http://127.0.0.1" },
  );
});

const listPath = () => `/gestor/stock/items/${course.unitCode}/${course.itemTotvsId}/waiting-list`;
const list = async (person: TestStaff = admin) => await t.call("GET", listPath(), undefined, { token: person.token });
const emails = async () => (await list()).body.entries.map((entry: { email: string }) => entry.email);
const ids = async () => (await list()).body.entries.map((entry: { id: string }) => entry.id);
const move = (person: TestStaff, body: Record<string, string>) =>
  t.call(
    "POST",
    "/gestor/stock/waiting-list/move",
    { unitCode: course.unitCode, itemTOTVSId: String(course.itemTotvsId), ...body },
    { token: person.token },
  );
const remove = (person: TestStaff, entryId: string) =>
  t.call(
    "POST",
    "/gestor/stock/waiting-list/remove",
    { unitCode: course.unitCode, itemTOTVSId: String(course.itemTotvsId), entryId },
    { token: person.token },
  );

describe("the gestor's waiting list", () => {
  it("lists the line first first, with the account's name when linked, to every Estoque role of the unit", async () => {
    const reply = await list(attendant);
    expect(reply.status).toBe(200);
    expect(reply.body.entries).toMatchObject([
      { place: 1, name: null, email: EMAILS[0], status: "waiting", offerExpiresAt: null },
      { place: 2, name: "Segunda Responsável", email: EMAILS[1], status: "waiting" },
      { place: 3, name: null, email: EMAILS[2], status: "waiting" },
    ]);
    expect(reply.body.entries[0].since).toEqual(expect.any(String));
    expect((await list(outsider)).status).toBe(404);
    // Estoque's list counts them beside the class.
    const estoque = await t.call("GET", `/gestor/stock?unitCode=${course.unitCode}&full=1`, undefined, {
      token: admin.token,
    });
    const row = estoque.body.rows.find((item: { itemTOTVSId: number }) => item.itemTOTVSId === course.itemTotvsId);
    expect(row).toMatchObject({ available: 0, waiting: 3 });
  });

  it("swaps an entry with its neighbour, audited, and the order stays", async () => {
    const [first, second, third] = await ids();
    const up = await move(secretary, { entryId: third, direction: "up", neighbourId: second });
    expect(up.status).toBe(200);
    expect(up.body.entries.map((entry: { id: string }) => entry.id)).toEqual([first, third, second]);
    const down = await move(admin, { entryId: first, direction: "down", neighbourId: third });
    expect(down.status).toBe(200);
    expect(await ids()).toEqual([third, first, second]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["staff_id", "summary", "before_json", "after_json"])
      .where("action", "=", "waiting_list.move")
      .where("target_id", "=", third)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      staff_id: secretary.staffId,
      before_json: JSON.stringify({ place: 3 }),
      after_json: JSON.stringify({ place: 2 }),
    });
    expect(audit.summary).toContain(`Subiu ${EMAILS[2]} na lista de espera`);
  });

  it("refuses a move the page saw in another order, the first up, another unit and a reader, changing nothing", async () => {
    const [first, second, third] = await ids();
    // Another tab moved the third up: this page still shows the second above it.
    await move(admin, { entryId: third, direction: "up", neighbourId: second });
    const stale = await move(admin, { entryId: third, direction: "up", neighbourId: second });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(M.stale);
    const top = await move(admin, { entryId: first, direction: "up", neighbourId: second });
    expect(top.status).toBe(409);
    expect((await move(outsider, { entryId: second, direction: "down", neighbourId: third })).status).toBe(404);
    expect((await move(attendant, { entryId: second, direction: "down", neighbourId: third })).status).toBe(403);
    const invalid = await move(admin, { entryId: "x", direction: "sideways", neighbourId: second });
    expect(invalid.status).toBe(400);
    expect(await ids()).toEqual([first, third, second]);
  });

  it("removes an entry, audited; a second removal is refused", async () => {
    const [first, second, third] = await ids();
    const done = await remove(secretary, second);
    expect(done.status).toBe(200);
    expect(done.body.removed).toEqual({ heldOffer: false });
    expect(await ids()).toEqual([first, third]);
    const row = await t.db
      .selectFrom("waiting_list_entries")
      .select("status")
      .where("id", "=", second)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("left");
    const audit = await t.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "waiting_list.remove")
      .where("target_id", "=", second)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain("Segunda Responsável <segunda@example.com>");
    const again = await remove(admin, second);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(M.notFound);
    expect((await remove(attendant, first)).status).toBe(403);
    expect(await emails()).toEqual([EMAILS[0], EMAILS[2]]);
  });

  it("passes a removed parent's offered seat to the next in line, the class still full", async () => {
    await seats(1);
    const offered = (await list()).body.entries;
    expect(offered[0]).toMatchObject({ email: EMAILS[0], status: "offered", offerExpiresAt: expect.any(String) });
    const done = await remove(admin, offered[0].id);
    expect(done.body.removed).toEqual({ heldOffer: true });
    const after = (await list()).body.entries;
    expect(after).toMatchObject([
      { place: 1, email: EMAILS[1], status: "offered" },
      { place: 2, email: EMAILS[2], status: "waiting" },
    ]);
    const level = await t.db
      .selectFrom("stock_levels")
      .select("available")
      .where("unit_code", "=", course.unitCode)
      .where("item_totvs_id", "=", course.itemTotvsId)
      .executeTakeFirstOrThrow();
    expect(level.available).toBe(0);
  });
});
