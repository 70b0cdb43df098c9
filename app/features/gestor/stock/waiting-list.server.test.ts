import { beforeAll, describe, expect, it } from "vitest";
import { GESTOR_WAITING_LIST_MESSAGES as M } from "#api/contract/gestor/waiting-list.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { addWaitingListEntries } from "#api/stock/waiting-list.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { stockItemAction, stockItemPage } from "./stock.server.ts";

// A class's waiting list on its Estoque page (issue 28): the loader's line, and the "Subir",
// "Descer" and "Remover" buttons' action (a toast, or the refusal shown above the list).

const { store, admin, atendimento: attendant } = gestorTestStoreForFile(["admin", "atendimento"]);
let course: { unitCode: string; itemTotvsId: number };
let ids: string[];

beforeAll(async () => {
  const row = await store.db
    .selectFrom("products")
    .select(["item_totvs_id", "unit_code"])
    .where("type", "=", "S")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  course = { unitCode: row.unit_code, itemTotvsId: row.item_totvs_id };
  await store.db.updateTable("products").set({ capacity: 10 }).where("item_totvs_id", "=", row.item_totvs_id).execute();
  const at = new Date().toISOString();
  await store.db
    .transaction()
    .execute((trx) => setStockLevel(trx, { storeId: 1, ...course }, 0, { reason: "capacity", at }));
  ids = await addWaitingListEntries(
    store.db,
    { storeId: 1, ...course },
    [{ email: "um@example.com" }, { email: "dois@example.com" }],
    { at, storefrontUrl: "http://127.0.0.1" },
  );
});

const itemPath = () => GESTOR_PATHS.stockItem(course.unitCode, course.itemTotvsId);
const page = (cookie = admin.cookie) =>
  stockItemPage(gestorGet(cookie, itemPath()), course.unitCode, String(course.itemTotvsId));
const send = (fields: Record<string, string>, cookie = admin.cookie) =>
  stockItemAction(
    gestorPost(cookie, { unitCode: course.unitCode, itemTOTVSId: String(course.itemTotvsId), ...fields }, itemPath())
      .request,
  ).then(actionReply);

describe("a class's waiting list in Estoque", () => {
  it("shows the line on the class's page, to a reader too", async () => {
    const shown = await page(attendant.cookie);
    expect(shown.canChange).toBe(false);
    expect(shown.waitingList?.map((entry) => entry.email)).toEqual(["um@example.com", "dois@example.com"]);
  });

  it("moves with a toast back to the list; a stale or invalid button is refused above the list", async () => {
    const moved = await send({ intent: "waiting-move", entryId: ids[1]!, direction: "up", neighbourId: ids[0]! });
    expect(locationOf(moved.response)).toBe(`${itemPath()}#lista-de-espera`);
    expect((await toastOf(moved.response!))?.message).toBe(M.moved);
    // The same button again: the page it came from showed another order.
    const stale = await send({ intent: "waiting-move", entryId: ids[1]!, direction: "up", neighbourId: ids[0]! });
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ waitingListError: M.stale });
    const invalid = await send({ intent: "waiting-move", entryId: "nada", direction: "up", neighbourId: ids[0]! });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({ waitingListError: M.entryInvalid });
    const reader = await thrownBy(send({ intent: "waiting-remove", entryId: ids[0]! }, attendant.cookie));
    expect(reader?.status).toBe(403);
    expect((await page()).waitingList?.map((entry) => entry.email)).toEqual(["dois@example.com", "um@example.com"]);
  });

  it("removes with a toast; removing again says the parent already left", async () => {
    const removed = await send({ intent: "waiting-remove", entryId: ids[0]! });
    expect((await toastOf(removed.response!))?.message).toBe(M.removed);
    const again = await send({ intent: "waiting-remove", entryId: ids[0]! });
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ waitingListError: M.notFound });
    expect((await page()).waitingList?.map((entry) => entry.email)).toEqual(["dois@example.com"]);
  });
});
