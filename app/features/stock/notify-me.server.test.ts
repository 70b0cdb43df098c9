/**
 * POST /avise-me as the storefront handles it, against the bundled store API: a kept alert goes
 * back to the product page with its toast; a refusal answers the form with its message and what
 * was typed (the fetcher shows it in place, the /avise-me page without JavaScript).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_ALERT_MESSAGES } from "#api/contract/stock-alerts.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { toastOf } from "#tests/fixtures/store-api-double.ts";
import { actionReply, signUpAndLogIn, storefrontGet, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { notifyMeAction } from "./notify-me.server.ts";

let dataDir: string;
let db: StoreDatabase;
/** A product of the demo catalogue, sold out; its page. */
let soldOut: { itemTOTVSId: string; productPath: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-avise-me-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  // The bundled API migrates and seeds on first use; a second connection sets the stock.
  await storeApiFor(storefrontGet(null)).listPaymentMethods();
  db = await openDatabase({ dataDir });
  const product = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.item_totvs_id", "p.unit_code", "p.slug", "c.slug as category_slug"])
    .where("p.type", "=", "P")
    .where("p.status", "=", "enabled")
    .where("p.visible", "=", 1)
    .where("c.status", "=", "enabled")
    .orderBy("p.item_totvs_id")
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: 1, unitCode: product.unit_code, itemTotvsId: product.item_totvs_id }, 0, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );
  soldOut = {
    itemTOTVSId: String(product.item_totvs_id),
    productPath: `/produto/${product.category_slug}/${product.slug}`,
  };
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function post(fields: Record<string, string>, cookie = "") {
  const { request } = storefrontPost(cookie, { csrf: "x", ...soldOut, ...fields }, "/avise-me");
  return actionReply(await notifyMeAction(await requestArgs(request)));
}

const alertsFor = (email: string) =>
  db.selectFrom("stock_alerts").select(["email", "customer_id"]).where("email", "=", email).execute();

describe("POST /avise-me", () => {
  it("keeps a visitor's address with the consent and goes back to the product with the toast", async () => {
    const { response } = await post({ email: "Mae.Aviso@Exemplo.com.br", consent: "on" });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(soldOut.productPath);
    expect(await toastOf(response!)).toMatchObject({ type: "success", message: STOCK_ALERT_MESSAGES.created });
    expect(await alertsFor("mae.aviso@exemplo.com.br")).toEqual([
      { email: "mae.aviso@exemplo.com.br", customer_id: null },
    ]);

    // Asked again (a double click, a reload after the POST): nothing new, and it says so.
    const again = await post({ email: "mae.aviso@exemplo.com.br", consent: "on" });
    expect(await toastOf(again.response!)).toMatchObject({ message: STOCK_ALERT_MESSAGES.alreadyWaiting });
    expect(await alertsFor("mae.aviso@exemplo.com.br")).toHaveLength(1);
  });

  it("answers the form without consent or with a bad address, keeping what was typed", async () => {
    const { status, data } = await post({ email: "pai.sem.aviso@exemplo" });
    expect(status).toBe(400);
    expect(data.result.error).toEqual({
      email: ["Informe um e-mail válido em letras minúsculas."],
      consent: [STOCK_ALERT_MESSAGES.consentRequired],
    });
    expect(data.result.initialValue).toMatchObject({ email: "pai.sem.aviso@exemplo" });
    expect(data).toMatchObject({ itemTOTVSId: Number(soldOut.itemTOTVSId), productPath: soldOut.productPath });
    expect(await alertsFor("pai.sem.aviso@exemplo")).toEqual([]);
  });

  it("shows the store API's refusal on the form: an item back in stock has nothing to wait for", async () => {
    const inStock = await db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("type", "=", "P")
      .where("item_totvs_id", "!=", Number(soldOut.itemTOTVSId))
      .executeTakeFirstOrThrow();
    const { status, data } = await post({
      itemTOTVSId: String(inStock.item_totvs_id),
      email: "tia@exemplo.com.br",
      consent: "on",
    });
    expect(status).toBe(400);
    expect(data.result.error[""]).toEqual([STOCK_ALERT_MESSAGES.notTracked]);
    expect(data.result.initialValue).toMatchObject({ email: "tia@exemplo.com.br", consent: "on" });
  });

  it("a logged-in customer needs only the button: the account's e-mail waits", async () => {
    const ana = await signUpAndLogIn();
    const { response } = await post({}, ana.cookie);
    expect(response?.headers.get("location")).toBe(soldOut.productPath);
    expect(await toastOf(response!)).toMatchObject({ message: STOCK_ALERT_MESSAGES.created });
    const rows = await db.selectFrom("stock_alerts").select("customer_id").where("customer_id", "=", ana.id).execute();
    expect(rows).toEqual([{ customer_id: ana.id }]);
  });

  it("never goes back anywhere but a product page", async () => {
    const { status, data } = await post({
      productPath: "//evil.example/produto/a/b",
      email: "x@exemplo.com.br",
      consent: "on",
    });
    expect(status).toBe(400);
    expect(data.result.error.productPath).toBeDefined();
    expect(await alertsFor("x@exemplo.com.br")).toEqual([]);
  });
});
