/**
 * What a product offers beyond its own fields (issue 28): the option's name ("Tamanho"), its
 * options (variants: each sold under its own item code, prices empty = the product's), the size
 * chart, and a course's capacity. Read into the form's text and written from the checked form,
 * in the caller's transaction, after the product's own row (catalogue-products.ts).
 *
 * An option already on a sale is never removed (the sale, the stock ledger and the gestor's
 * reports name its code): it is deactivated instead, and the form says so.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, ProductTable } from "#db/schema.ts";
import { centsToReaisInput } from "#core/money.ts";
import {
  sizeChartText,
  type ProductExtrasText,
  type ProductFormFields,
  type SizeChart,
  type VariantFieldsText,
} from "../../contract/gestor/catalogue.ts";
import { ProductFieldError } from "./catalogue-products.ts";
import { claimItemCode } from "./item-codes.ts";

type OptionColumns = Pick<Selectable<ProductTable>, "id" | "option_name" | "size_chart" | "capacity">;

export interface StoredVariant {
  fields: VariantFieldsText;
  sold: boolean;
}

/** The product's options in order, with whether a sale holds each one's code. */
export async function readVariants(db: Kysely<Database>, storeId: number, productId: string): Promise<StoredVariant[]> {
  const rows = await db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("value")
    .execute();
  const sold = await soldCodes(
    db,
    storeId,
    rows.map((row) => row.item_totvs_id),
  );
  return rows.map((row) => ({
    fields: {
      id: row.id,
      value: row.value,
      itemTOTVSId: String(row.item_totvs_id),
      PRECO: row.price_cents === null ? "" : centsToReaisInput(row.price_cents),
      DESCONTO: row.sale_price_cents === null ? "" : centsToReaisInput(row.sale_price_cents),
      active: row.active === 1 ? "1" : "0",
    },
    sold: sold.has(row.item_totvs_id),
  }));
}

/** The codes among `codes` that some sale of the store has a line of. */
export async function soldCodes(db: Kysely<Database>, storeId: number, codes: number[]): Promise<Set<number>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .innerJoin("sales", "sales.id", "sale_bags.sale_id")
    .select("sale_bag_items.item_totvs_id")
    .distinct()
    .where("sales.store_id", "=", storeId)
    .where("sale_bag_items.item_totvs_id", "in", codes)
    .execute();
  return new Set(rows.map((row) => row.item_totvs_id));
}

export const parseChart = (json: string | null): SizeChart | null => (json ? (JSON.parse(json) as SizeChart) : null);

/** The form's extra fields as text. */
export function productExtrasText(row: OptionColumns): ProductExtrasText {
  const chart = parseChart(row.size_chart);
  return {
    optionName: row.option_name ?? "",
    sizeChart: chart ? sizeChartText(chart) : "",
    capacity: row.capacity === null ? "" : String(row.capacity),
  };
}

/** What the audit log keeps of the options: one line per option, in order. */
export function variantsAuditText(variants: readonly VariantFieldsText[]): string {
  return variants
    .map((variant) => {
      const prices = variant.PRECO || variant.DESCONTO ? `, R$ ${variant.PRECO || "—"}/${variant.DESCONTO || "—"}` : "";
      return `${variant.value} (${variant.itemTOTVSId}${prices}${variant.active === "1" ? "" : ", inativa"})`;
    })
    .join("; ");
}

/** The option's name, the size chart and the capacity of the product. */
export async function writeProductExtras(
  db: Kysely<Database>,
  productId: string,
  extras: Pick<ProductFormFields, "optionName" | "sizeChart" | "capacity">,
): Promise<void> {
  await db
    .updateTable("products")
    .set({
      option_name: extras.optionName ?? null,
      size_chart: extras.sizeChart ? JSON.stringify(extras.sizeChart) : null,
      capacity: extras.capacity ?? null,
    })
    .where("id", "=", productId)
    .execute();
}

/**
 * Writes the option's name, the size chart, the capacity and the options as the form has them:
 * options in the form's order, new ones created, stored ones missing from the list removed
 * (refused when sold). Refusals are ProductFieldErrors on the form's field.
 */
export async function writeProductOptions(
  db: Kysely<Database>,
  storeId: number,
  productId: string,
  form: Pick<ProductFormFields, "optionName" | "sizeChart" | "capacity" | "variants">,
  { now }: { now: Date },
): Promise<void> {
  await writeProductExtras(db, productId, form);

  const stored = await db.selectFrom("product_variants").selectAll().where("product_id", "=", productId).execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  for (const [index, variant] of form.variants.entries())
    if (variant.id !== undefined && !byId.has(variant.id))
      throw new ProductFieldError(`variants.${index}.value`, "Esta opção não existe mais: recarregue a página.");
  const kept = new Set(form.variants.map((variant) => variant.id));
  const removed = stored.filter((row) => !kept.has(row.id));
  const sold = await soldCodes(
    db,
    storeId,
    removed.map((row) => row.item_totvs_id),
  );
  const soldRemoved = removed.find((row) => sold.has(row.item_totvs_id));
  if (soldRemoved)
    throw new ProductFieldError(
      "variants",
      `A opção "${soldRemoved.value}" já foi vendida e não pode ser removida: desmarque "Ativa" para parar de vendê-la.`,
    );
  if (removed.length > 0)
    await db
      .deleteFrom("product_variants")
      .where(
        "id",
        "in",
        removed.map((row) => row.id),
      )
      .execute();
  for (const [index, variant] of form.variants.entries())
    await claimItemCode(
      db,
      storeId,
      variant.itemTOTVSId,
      (owner) => owner.productId === productId && owner.variantId !== null,
      `variants.${index}.itemTOTVSId`,
    );
  // Two options may swap codes or values (both unique): park the changed ones first, under
  // values no one types (a negative code, the row's own id; PostgreSQL refuses a NUL in text).
  const changed = form.variants.filter((variant) => {
    const row = variant.id === undefined ? undefined : byId.get(variant.id);
    return row && (row.item_totvs_id !== variant.itemTOTVSId || row.value !== variant.value);
  });
  for (const [index, variant] of changed.entries())
    await db
      .updateTable("product_variants")
      .set({ item_totvs_id: -(index + 1), value: `#${variant.id!}` })
      .where("id", "=", variant.id!)
      .execute();
  for (const [position, variant] of form.variants.entries()) {
    const values = {
      item_totvs_id: variant.itemTOTVSId,
      value: variant.value,
      position,
      price_cents: variant.PRECO ?? null,
      sale_price_cents: variant.DESCONTO ?? null,
      active: variant.active ? 1 : 0,
    };
    if (variant.id !== undefined)
      await db.updateTable("product_variants").set(values).where("id", "=", variant.id).execute();
    else
      await db
        .insertInto("product_variants")
        .values({
          ...values,
          id: crypto.randomUUID(),
          store_id: storeId,
          product_id: productId,
          created_at: now.toISOString(),
        })
        .execute();
  }
}
