/**
 * The category and product pages' reads (docs/decisions/0038): paged by the store API when it
 * offers the calls beyond spec §7, sliced from §7's whole list otherwise, with the same result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreApiClient } from "#app/.server/store-api/client.server.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { categoryListing, categoryProduct } from "./category-listing.server.ts";

let t: TestApi;
let paths: string[];
const client = (extensions?: Set<never>) =>
  createStoreApiClient({
    storeId: 1,
    ...(extensions ? { extensions } : {}),
    transport: async (path, init) => {
      paths.push(path);
      return t.api.request(path, init);
    },
  });

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("categoryListing", () => {
  it("gives the same page with the paged call as with spec §7's list, and asks only for the page", async () => {
    for (const pageParam of [null, "2", "3"]) {
      paths = [];
      const paged = await categoryListing(client(), "papelaria", pageParam, 4);
      expect(paths).toEqual(["/products/list-product-page-by-category-slug/papelaria/store/1/visible/enabled"]);
      const sliced = await categoryListing(client(new Set()), "papelaria", pageParam, 4);
      expect(paged.products.length).toBeGreaterThan(0);
      expect(paged).toEqual(sliced);
    }
  });

  it("keeps a page past the end within the page count, for the caller's redirect", async () => {
    const listing = await categoryListing(client(), "papelaria", "999", 4);
    expect(listing.page).toBe(listing.count);
    expect(listing.total).toBeGreaterThan(4);
  });

  it("falls back to spec §7's answer for an unknown category: its 404", async () => {
    await expect(categoryListing(client(), "nao-existe", null, 4)).rejects.toMatchObject({ status: 404 });
  });
});

describe("categoryProduct", () => {
  it("finds the product by slug with one small call, as §7's list would", async () => {
    paths = [];
    const product = await categoryProduct(client(), "papelaria", "caderno-brochura-capa-dura-96-folhas");
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/^\/products\/get-product-by-slug\//);
    // The page's own call also carries the live stock and seats (decision 0066); spec §7's list
    // cannot, and is otherwise the same product.
    const { stock, seats, ...fromPage } = product;
    expect({ stock, seats }).toEqual({ stock: { status: "untracked" }, seats: null });
    expect(fromPage).toEqual(
      await categoryProduct(client(new Set()), "papelaria", "caderno-brochura-capa-dura-96-folhas"),
    );
  });

  it("is the not-found page for a product that is not in the category", async () => {
    for (const api of [client(), client(new Set())]) {
      await expect(categoryProduct(api, "papelaria", "nao-existe")).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});
