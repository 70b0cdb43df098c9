import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Product } from "#api/contract/catalogue.ts";
import { LIMITED_SEATS_ITEM_CODES } from "#db/seed/stock-data.ts";

/**
 * Item codes of products a test makes for itself (support/stock.ts): not the demo catalogue's,
 * so a test looking for "a product of type P" never lands on another test's sold-out size.
 */
export const OWN_PRODUCT_CODES_FROM = 70_000_000;

/**
 * Reads the demo catalogue through the public /api, so tests never hard-code seed rows: the
 * products a test may buy as often as it likes, with no size to choose and nothing that runs
 * out. The uniforms sold in sizes (optionName) and the classes with limited seats
 * (db/seed/stock-data.ts) are left out: a test of sizes, stock or seats makes its own product
 * (support/stock.ts), as the whole suite buying a class of 3 seats would fill it mid-run.
 */
export async function productsOf(request: APIRequestContext, categorySlug: string): Promise<Product[]> {
  const response = await request.post(
    `/api/products/list-product-by-category-slug/${categorySlug}/store/1/visible/enabled`,
    {
      data: {},
    },
  );
  if (!response.ok()) throw new Error(`categoria ${categorySlug}: ${response.status()}`);
  return ((await response.json()).products as Product[]).filter(
    (product) =>
      product.itemTOTVS < OWN_PRODUCT_CODES_FROM &&
      !product.optionName &&
      !LIMITED_SEATS_ITEM_CODES.includes(product.itemTOTVS),
  );
}

export async function allCategories(request: APIRequestContext): Promise<{ slug: string; title: string }[]> {
  const response = await request.get("/api/categories/list-category-by-store-id/1?field=visible&filter=enabled");
  return (await response.json()).categories;
}

export async function findProduct(
  request: APIRequestContext,
  predicate: (product: Product) => boolean,
): Promise<Product> {
  for (const category of await allCategories(request)) {
    const match = (await productsOf(request, category.slug)).find(predicate);
    if (match) return match;
  }
  throw new Error("nenhum produto de demonstração atende ao critério");
}

/** A product's page (spec §2 /produto/:categoria/:produto). */
export function productPath(product: Pick<Product, "slug" | "category">): string {
  return `/produto/${product.category.slug}/${product.slug}`;
}

/**
 * The product cards of a listing, a search or a home section. The cards carry no test id: the
 * home sends up to 60 of them in its 50 KB of HTML (docs/decisions/0082-home-html-and-first-paint.md).
 */
export function productCards(scope: Page | Locator): Locator {
  return scope.locator(":is(.card-row, .card-grid) > li");
}

/** A card's instalment line, "ou Nx de R$ … sem juros", when it shows one. */
export function cardInstallments(card: Locator): Locator {
  return card.locator("p").filter({ hasText: /^ou \d+x de / });
}
