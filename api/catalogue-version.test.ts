import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { readCatalogueVersion } from "./catalogue-version.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
});

describe("the catalogue version the page cache polls (decision 0036)", () => {
  it("moves with any change to what a catalogue page shows, whoever writes it", async () => {
    const before = await readCatalogueVersion(t.db);
    // As the gestor CLI or an operator's SQL would: straight to the table.
    await t.db
      .updateTable("products")
      .set({ sale_price_cents: 1234 })
      .where("slug", "=", "curso-de-ballet-infantil")
      .execute();
    const afterPrice = await readCatalogueVersion(t.db);
    expect(afterPrice).toBeGreaterThan(before);
    await t.db.updateTable("categories").set({ title: "Papelaria e livros" }).where("slug", "=", "papelaria").execute();
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(afterPrice);
  });

  it("stays put when shoppers do what shoppers do, so the cache survives checkout traffic", async () => {
    const before = await readCatalogueVersion(t.db);
    const reply = await t.call("POST", "/newsletters/create-newsletter", {
      storeId: 1,
      email: "versao@exemplo.com.br",
    });
    expect(reply.status).toBe(201);
    expect(await readCatalogueVersion(t.db)).toBe(before);
  });
});
