import { beforeAll, describe, expect, it } from "vitest";
import { staleLevel } from "#api/contract/gestor/stock.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  gestorUpload,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { demoProductOfUnit } from "#tests/fixtures/carts.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { dashboardPage } from "../orders/dashboard.server.ts";
import {
  exportStock,
  stockAction,
  stockImportAction,
  stockItemAction,
  stockItemPage,
  stockPage,
} from "./stock.server.ts";

const {
  store,
  admin,
  atendimento: attendant,
  secretaria: secretary,
} = gestorTestStoreForFile(["admin", "atendimento", "secretaria"]);

/** A piece of unit 1 tracked at 3, one of unit 4 at 1, and one of unit 1 not tracked. */
let unitOneItem: number;
let unitFourItem: number;
let untracked: number;

const levelOf = async (unitCode: string, itemTotvsId: number) =>
  (
    await store.db
      .selectFrom("stock_levels")
      .select("available")
      .where("unit_code", "=", unitCode)
      .where("item_totvs_id", "=", itemTotvsId)
      .executeTakeFirst()
  )?.available ?? null;

beforeAll(async () => {
  unitOneItem = (await demoProductOfUnit(store.db, "1")).itemTOTVSId;
  unitFourItem = (await demoProductOfUnit(store.db, "4")).itemTOTVSId;
  untracked = (
    await store.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("unit_code", "=", "1")
      .where("type", "=", "P")
      .where("item_totvs_id", "!=", unitOneItem)
      .orderBy("item_totvs_id")
      .executeTakeFirstOrThrow()
  ).item_totvs_id;
  for (const [unitCode, itemTotvsId, available] of [
    ["1", unitOneItem, 3],
    ["4", unitFourItem, 1],
  ] as const)
    await store.db.transaction().execute((trx) =>
      setStockLevel(trx, { storeId: 1, unitCode, itemTotvsId }, available, {
        reason: "adjust",
        at: new Date().toISOString(),
      }),
    );
});

const itemPath = () => GESTOR_PATHS.stockItem("1", unitOneItem);
const adjust = (fields: Record<string, string>, cookie = admin.cookie) =>
  stockItemAction(gestorPost(cookie, { intent: "adjust", ...fields }, itemPath()).request).then(actionReply);
const adjustFields = (seen: number, fields: Record<string, string> = {}) => ({
  unitCode: "1",
  itemTOTVSId: String(unitOneItem),
  mode: "set",
  amount: "8",
  reason: "Contagem de inventário",
  seen: String(seen),
  ...fields,
});

describe("Estoque", () => {
  it("sends a visitor to the login; lists a secretary's units only, filtered by low stock", async () => {
    expect(locationOf(await thrownBy(stockPage(gestorGet(null, GESTOR_PATHS.stock))))).toBe(
      loginFor(GESTOR_PATHS.stock),
    );
    const low = await stockPage(gestorGet(admin.cookie, `${GESTOR_PATHS.stock}?low=1`));
    const codes = low.list.rows.map((row) => row.itemTOTVSId);
    expect(codes).toEqual(expect.arrayContaining([unitOneItem, unitFourItem]));
    expect(low.filters).toMatchObject({ low: "1" });
    expect(low.canChange).toBe(true);
    const own = await stockPage(gestorGet(secretary.cookie, GESTOR_PATHS.stock));
    expect(own.list.rows.map((row) => row.itemTOTVSId)).toContain(unitOneItem);
    expect(own.list.rows.map((row) => row.itemTOTVSId)).not.toContain(unitFourItem);
    expect(own.units.map((unit) => unit.code)).toEqual(["1"]);
    const other = await thrownBy(
      stockItemPage(gestorGet(secretary.cookie, GESTOR_PATHS.stockItem("4", unitFourItem)), "4", String(unitFourItem)),
    );
    expect(other?.status).toBe(404);
  });

  it("lets atendimento read an item's page but not change it", async () => {
    const page = await stockItemPage(gestorGet(attendant.cookie, itemPath()), "1", String(unitOneItem));
    expect(page).toMatchObject({ canChange: false, item: { available: 3 } });
    const refused = await thrownBy(adjust(adjustFields(3), attendant.cookie));
    expect(refused?.status).toBe(403);
    expect(await levelOf("1", unitOneItem)).toBe(3);
  });

  it("adjusts with a reason and a toast, and shows the movement in the history", async () => {
    const done = await adjust(adjustFields(3), secretary.cookie);
    expect(locationOf(done.response)).toBe(itemPath());
    expect((await toastOf(done.response!))?.message).toBe("Estoque ajustado: de 3 para 8.");
    const page = await stockItemPage(gestorGet(admin.cookie, itemPath()), "1", String(unitOneItem));
    expect(page.item.available).toBe(8);
    expect(page.movements.rows[0]).toMatchObject({ delta: 5, reason: "adjust", note: "Contagem de inventário" });
  });

  it("refuses a stale level or a count below zero with the form again, keeping what was typed", async () => {
    const stale = await adjust(adjustFields(3, { amount: "20", reason: "Recontagem" }));
    expect(stale.status).toBe(409);
    expect(stale.data.formId).toBe("ajuste");
    expect(stale.data.result.error).toMatchObject({ "": [staleLevel(8)] });
    expect(stale.data.result.initialValue).toMatchObject({ amount: "20", reason: "Recontagem" });
    const below = await adjust(adjustFields(8, { mode: "change", amount: "-9" }));
    expect(below.status).toBe(400);
    expect(below.data.result.error.amount[0]).toContain("não pode ficar abaixo de zero");
    const noReason = await adjust(adjustFields(8, { reason: "" }));
    expect(noReason.data.result.error).toMatchObject({ reason: ["Informe o motivo do ajuste."] });
    expect(await levelOf("1", unitOneItem)).toBe(8);
  });

  it("starts tracking an item from the list's form", async () => {
    const started = await stockAction(
      gestorPost(
        admin.cookie,
        {
          intent: "track",
          unitCode: "1",
          itemTOTVSId: String(untracked),
          mode: "set",
          amount: "0",
          reason: "Esgotado na loja física",
          seen: "",
        },
        GESTOR_PATHS.stock,
      ).request,
    ).then(actionReply);
    expect(locationOf(started.response)).toBe(GESTOR_PATHS.stockItem("1", untracked));
    expect((await toastOf(started.response!))?.message).toBe("Estoque acompanhado a partir de agora: 0 disponíveis.");
    expect(await levelOf("1", untracked)).toBe(0);
  });

  it("exports the list, previews and imports a file", async () => {
    const download = await exportStock(gestorGet(admin.cookie, `${GESTOR_PATHS.stockExport}?unitCode=1`));
    const text = await download.text();
    expect(text).toContain(`1;${unitOneItem};`);
    expect(text).not.toContain(`4;${unitFourItem};`);
    const csv = `unidade;codigo_item;produto;opcao;disponivel\r\n1;${unitOneItem};;;12\r\n`;
    const upload = (fields: Record<string, string | File>) => {
      const formData = new FormData();
      for (const [key, value] of Object.entries(fields)) formData.append(key, value);
      return stockImportAction(gestorUpload(secretary.cookie, formData, GESTOR_PATHS.stockImport)).then(actionReply);
    };
    const preview = await upload({ intent: "preview", arquivo: new File([csv], "estoque.csv", { type: "text/csv" }) });
    expect(preview.data).toMatchObject({ step: "preview", report: { errors: [], updates: 1 } });
    expect(await levelOf("1", unitOneItem)).toBe(8);
    const imported = await upload({ intent: "import", csv: preview.data.csv });
    expect(locationOf(imported.response)).toBe(GESTOR_PATHS.stock);
    expect((await toastOf(imported.response!))?.message).toBe(
      "Importação concluída: 0 itens novos, 1 atualizado, 0 sem mudança.",
    );
    expect(await levelOf("1", unitOneItem)).toBe(12);
  });

  it("counts low stock and full classes on the Painel, a secretary's units only", async () => {
    const network = await dashboardPage(gestorGet(admin.cookie, GESTOR_PATHS.home));
    const own = await dashboardPage(gestorGet(secretary.cookie, GESTOR_PATHS.home));
    const lowOf = async (cookie: string) =>
      (await stockPage(gestorGet(cookie, `${GESTOR_PATHS.stock}?low=1`))).list.total;
    expect(network.stock.lowStock).toBe(await lowOf(admin.cookie));
    expect(own.stock.lowStock).toBe(await lowOf(secretary.cookie));
    // Unit 4's piece (1 left) counts for the network, not for unit 1's secretary.
    expect(own.stock.lowStock).toBeLessThan(network.stock.lowStock);
  });
});
