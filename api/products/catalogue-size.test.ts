/**
 * A catalogue of 10,000 products (SEED_CATALOGUE_SIZE, docs/decisions/0038): the seed writes it
 * the same on every run, and the paged calls beyond spec §7 give exactly the slices of §7's own
 * list. Runs on PostgreSQL too (scripts/test-postgres.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueOfSize } from "#db/seed/large-catalogue.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

const SIZE = 10_000;
const PAGE = "/products/list-product-page-by-category-slug/papelaria/store/1/visible/enabled";
const WHOLE = "/products/list-product-by-category-slug/papelaria/store/1/visible/enabled";
const bySlug = (slug: string, category = "papelaria") =>
  `/products/get-product-by-slug/${slug}/category/${category}/store/1/visible/enabled`;

let t: TestApi;
let papelaria: { slug: string; title: string; id: string }[];

beforeAll(async () => {
  t = await createTestApi({ catalogueSize: SIZE });
  papelaria = (await t.call("POST", WHOLE, {})).body.products;
}, 120_000);

afterAll(() => t.close());

describe("the seed with SEED_CATALOGUE_SIZE", () => {
  it("writes that many products, the same ones on every run, in every enabled category", async () => {
    const rows = await t.db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(["products.title", "products.slug", "products.sale_price_cents", "categories.slug as category"])
      .orderBy("products.item_totvs_id")
      .execute();
    expect(rows).toHaveLength(SIZE);
    const expected = catalogueOfSize(SIZE);
    expect(rows.map((row) => [row.title, row.slug, row.sale_price_cents, row.category])).toEqual(
      expected.map((p) => [p.title, p.slug, p.salePriceCents, p.categorySlug]),
    );
    expect(catalogueOfSize(SIZE)).toEqual(expected);
    const perCategory = new Map<string, number>();
    for (const row of rows) perCategory.set(row.category, (perCategory.get(row.category) ?? 0) + 1);
    // Each enabled category grows with the demo's proportions; the disabled one keeps its few.
    for (const [category, count] of perCategory) {
      if (category === "colecao-antiga") expect(count).toBeLessThan(10);
      else expect(count).toBeGreaterThan(150);
    }
    expect(papelaria.length).toBeGreaterThan(50 * 9);
  });

  it("leaves the demo's 96 products alone by default", () => {
    expect(catalogueOfSize(96)).toHaveLength(96);
  });
});

describe("a category's page (list-product-page-by-category-slug)", () => {
  it("is the slice of spec §7's whole list, with the category's total", async () => {
    for (const page of [1, 2, 50]) {
      const reply = await t.call("POST", PAGE, { page, pageSize: 9 });
      expect(reply.status).toBe(200);
      expect(reply.body.total).toBe(papelaria.length);
      expect(reply.body.category.slug).toBe("papelaria");
      expect(reply.body.products.map((p: { id: string }) => p.id)).toEqual(
        papelaria.slice((page - 1) * 9, page * 9).map((p) => p.id),
      );
    }
  });

  it("is empty past the last page, and still says the total", async () => {
    const reply = await t.call("POST", PAGE, { page: 10_000, pageSize: 9 });
    expect(reply.body).toMatchObject({ products: [], total: papelaria.length });
  });

  it("refuses a page or size out of range with a message", async () => {
    expect((await t.call("POST", PAGE, { page: 0, pageSize: 9 })).body.error.message).toBe(
      "A página deve ser 1 ou mais.",
    );
    expect((await t.call("POST", PAGE, { page: 1, pageSize: 61 })).body.error.message).toBe(
      "O tamanho da página deve ser de 1 a 60.",
    );
    expect((await t.call("POST", PAGE, { page: "x", pageSize: 9 })).status).toBe(400);
  });

  it("answers 404 for an unknown or disabled category, as §7's list does", async () => {
    for (const slug of ["nao-existe", "colecao-antiga"]) {
      const path = PAGE.replace("papelaria", slug);
      expect((await t.call("POST", path, { page: 1, pageSize: 9 })).status).toBe(404);
    }
  });
});

describe("a product by its slug (get-product-by-slug)", () => {
  it("is the product §7's list has, or null when the category has no such product", async () => {
    const wanted = papelaria[500]!;
    const whole = (await t.call("POST", WHOLE, {})).body.products.find((p: { id: string }) => p.id === wanted.id);
    // Plus the stock and seats of now, which only the product page's reply reads (decision 0066).
    expect((await t.call("GET", bySlug(wanted.slug))).body.product).toEqual({
      ...whole,
      stock: { status: "untracked" },
      seats: null,
    });
    expect((await t.call("GET", bySlug("nao-existe"))).body).toEqual({ product: null });
    // The slug exists, in another category: not this one's.
    expect((await t.call("GET", bySlug(wanted.slug, "camisas"))).body).toEqual({ product: null });
    expect((await t.call("GET", bySlug(wanted.slug, "nao-existe"))).status).toBe(404);
  });
});

describe("search on 10,000 products", () => {
  it("finds the variants too, at most 60, in title order", async () => {
    const { products } = (
      await t.call("GET", "/products/search-products-by-title/store/1/visible/enabled?title=caderno")
    ).body;
    expect(products).toHaveLength(60);
    const titles = products.map((p: { title: string }) => p.title);
    expect(titles).toEqual(titles.toSorted());
    expect(titles.some((title: string) => / - Modelo \d+$/.test(title))).toBe(true);
  });
});
