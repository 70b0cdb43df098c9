/**
 * The one home of the rule that an item code (itemTOTVSId) names one thing in a store: a
 * product or one of its options (issue 28), never both, never two (spec §7's cart sends the code
 * alone). The product form, the API and the CSV import ask here before writing a code.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { ProductFieldError } from "./catalogue-products.ts";

/** What holds the code now: the product itself, or an option of it. */
export type ItemCodeOwner = { productId: string; productTitle: string; variantId: string | null; value: string | null };

export async function findItemCodeOwner(
  db: Kysely<Database>,
  storeId: number,
  itemTOTVSId: number,
): Promise<ItemCodeOwner | undefined> {
  const product = await db
    .selectFrom("products")
    .select(["id", "title"])
    .where("store_id", "=", storeId)
    .where("item_totvs_id", "=", itemTOTVSId)
    .executeTakeFirst();
  if (product) return { productId: product.id, productTitle: product.title, variantId: null, value: null };
  const variant = await db
    .selectFrom("product_variants")
    .innerJoin("products", "products.id", "product_variants.product_id")
    .select(["product_variants.id", "product_variants.value", "products.id as product_id", "products.title"])
    .where("product_variants.store_id", "=", storeId)
    .where("product_variants.item_totvs_id", "=", itemTOTVSId)
    .executeTakeFirst();
  if (variant)
    return { productId: variant.product_id, productTitle: variant.title, variantId: variant.id, value: variant.value };
  return undefined;
}

/**
 * Refuses (ProductFieldError on `column`) a code held by anything `isSelf` does not accept: the
 * product being saved, or its own options (written together, one may take a code another left).
 * The message names the clashing item.
 */
export async function claimItemCode(
  db: Kysely<Database>,
  storeId: number,
  itemTOTVSId: number,
  isSelf: (owner: ItemCodeOwner) => boolean,
  column: string,
): Promise<void> {
  const owner = await findItemCodeOwner(db, storeId, itemTOTVSId);
  if (!owner || isSelf(owner)) return;
  const whose =
    owner.variantId === null
      ? `do produto "${owner.productTitle}"`
      : `da opção "${owner.value}" do produto "${owner.productTitle}"`;
  throw new ProductFieldError(column, `O código TOTVS ${itemTOTVSId} já é ${whose}.`);
}
