/**
 * The catalogue CSV's options (issue 28; docs/gestor.md): a product's row may carry its option's
 * name, size chart and capacity (opcao_nome, tabela_medidas, capacidade: a column the file
 * leaves out keeps what is stored); an option's row names its product (produto_pai) and its
 * value (opcao). The import checks them with the form's schemas and the store's item-code rule.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, ProductTable } from "#db/schema.ts";
import {
  CATALOGUE_CSV_COLUMNS,
  OPTION_CSV_COLUMNS,
  productExtrasFields,
  variantFields,
  type ProductFieldsText,
  type ProductFormFields,
} from "../../contract/gestor/catalogue.ts";
import { centsToReaisInput } from "#core/money.ts";
import { claimItemCode } from "./item-codes.ts";
import { ProductFieldError } from "./catalogue-products.ts";
import { productExtrasText } from "./product-options.ts";

type Extras = Pick<ProductFormFields, "optionName" | "sizeChart" | "capacity">;
type ProductOptionColumns = Pick<Selectable<ProductTable>, "id" | "option_name" | "size_chart" | "capacity">;

const EXTRA_COLUMNS = {
  optionName: OPTION_CSV_COLUMNS.optionName,
  sizeChart: OPTION_CSV_COLUMNS.sizeChart,
  capacity: OPTION_CSV_COLUMNS.capacity,
} as const;

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[], columnOf: (field: string) => string) =>
  issues.map((issue) => new ProductFieldError(columnOf(String(issue.path[0] ?? "")), issue.message));

/**
 * A product row's extras: the stored ones, replaced by those the file has a column for.
 * Refusals are ProductFieldErrors on the CSV's column.
 */
export function productRowExtras(
  values: Record<string, string>,
  stored: ProductOptionColumns | undefined,
): { extras: Extras; errors?: undefined } | { errors: ProductFieldError[] } {
  const storedText = stored ? productExtrasText(stored) : { optionName: "", sizeChart: "", capacity: "" };
  const text = Object.fromEntries(
    (Object.keys(EXTRA_COLUMNS) as (keyof typeof EXTRA_COLUMNS)[]).map((field) => [
      field,
      values[EXTRA_COLUMNS[field]] ?? storedText[field],
    ]),
  );
  const result = productExtrasFields.safeParse(text);
  if (result.success) return { extras: result.data };
  return { errors: fieldErrors(result.error.issues, (field) => EXTRA_COLUMNS[field as keyof typeof EXTRA_COLUMNS]) };
}

/** The product-wide rules on a product row's extras, against the options it has. */
export async function checkProductRowExtras(
  db: Kysely<Database>,
  productId: string | undefined,
  extras: Extras,
  type: string,
): Promise<ProductFieldError | undefined> {
  const variants = productId
    ? await db.selectFrom("product_variants").select("id").where("product_id", "=", productId).execute()
    : [];
  if (extras.capacity !== undefined && type !== "S")
    return new ProductFieldError(EXTRA_COLUMNS.capacity, "A capacidade vale só para cursos e eventos (tipo S).");
  if (variants.length > 0 && extras.capacity !== undefined)
    return new ProductFieldError(EXTRA_COLUMNS.capacity, "Um curso com capacidade não tem opções.");
  if (variants.length > 0 && extras.optionName === undefined)
    return new ProductFieldError(
      EXTRA_COLUMNS.optionName,
      "O produto tem opções: informe o nome da opção (ex.: Tamanho).",
    );
  return undefined;
}

/** The product's columns an option's row leaves empty (its own are these). */
const OPTION_ROW_OWN: readonly string[] = [
  "itemTOTVSId",
  "PRECO",
  "DESCONTO",
  "visivel",
  OPTION_CSV_COLUMNS.parent,
  OPTION_CSV_COLUMNS.value,
];
const VARIANT_COLUMN: Record<string, string> = {
  value: OPTION_CSV_COLUMNS.value,
  active: "visivel",
};

export type OptionRowAction = { title: string; action: "criar" | "atualizar" | "sem mudança" };

/**
 * Creates or updates (found by its item code) one option from its row, at `position` among its
 * product's options in the file. Options of the product the file leaves out stay as they are.
 */
export async function importOptionRow(
  db: Kysely<Database>,
  storeId: number,
  values: Record<string, string>,
  position: (productId: string) => number,
  now: Date,
): Promise<OptionRowAction | { errors: ProductFieldError[] }> {
  const stray = CATALOGUE_CSV_COLUMNS.filter(
    (column) => !OPTION_ROW_OWN.includes(column) && (values[column] ?? "").trim() !== "",
  );
  if (stray.length > 0)
    return {
      errors: stray.map(
        (column) =>
          new ProductFieldError(column, "Numa linha de opção (com produto_pai), deixe esta coluna em branco."),
      ),
    };
  const parentCode = Number(values[OPTION_CSV_COLUMNS.parent]!.trim());
  const parent = Number.isInteger(parentCode)
    ? await db
        .selectFrom("products")
        .selectAll()
        .where("store_id", "=", storeId)
        .where("item_totvs_id", "=", parentCode)
        .executeTakeFirst()
    : undefined;
  if (!parent)
    return {
      errors: [
        new ProductFieldError(
          OPTION_CSV_COLUMNS.parent,
          `Nenhum produto tem o código ${values[OPTION_CSV_COLUMNS.parent]!.trim()} (a linha do produto vem antes das suas opções).`,
        ),
      ],
    };
  const checked = variantFields.safeParse({
    value: values[OPTION_CSV_COLUMNS.value] ?? "",
    itemTOTVSId: values.itemTOTVSId,
    PRECO: values.PRECO,
    DESCONTO: values.DESCONTO,
    active: values.visivel,
  });
  if (!checked.success) return { errors: fieldErrors(checked.error.issues, (field) => VARIANT_COLUMN[field] ?? field) };
  const variant = checked.data;
  const title = `${parent.title} — ${variant.value}`;
  if (parent.option_name === null)
    return {
      errors: [
        new ProductFieldError(
          OPTION_CSV_COLUMNS.optionName,
          `Informe ${OPTION_CSV_COLUMNS.optionName} na linha do produto ${parent.item_totvs_id} (ex.: Tamanho): ele tem opções.`,
        ),
      ],
    };
  if (parent.capacity !== null)
    return { errors: [new ProductFieldError(OPTION_CSV_COLUMNS.parent, "Um curso com capacidade não tem opções.")] };
  if ((variant.DESCONTO ?? parent.sale_price_cents) > (variant.PRECO ?? parent.price_cents))
    return {
      errors: [new ProductFieldError("DESCONTO", "O preço com desconto da opção não pode ser maior que o preço dela.")],
    };
  await claimItemCode(
    db,
    storeId,
    variant.itemTOTVSId,
    (owner) => owner.productId === parent.id && owner.variantId !== null,
    "itemTOTVSId",
  );
  const siblings = await db.selectFrom("product_variants").selectAll().where("product_id", "=", parent.id).execute();
  const existing = siblings.find((row) => row.item_totvs_id === variant.itemTOTVSId);
  const sameValue = siblings.find(
    (row) => row !== existing && row.value.toLocaleLowerCase("pt-BR") === variant.value.toLocaleLowerCase("pt-BR"),
  );
  if (sameValue)
    return {
      errors: [
        new ProductFieldError(
          OPTION_CSV_COLUMNS.value,
          `O produto já tem a opção "${sameValue.value}" (código ${sameValue.item_totvs_id}).`,
        ),
      ],
    };
  const row = {
    item_totvs_id: variant.itemTOTVSId,
    value: variant.value,
    position: position(parent.id),
    price_cents: variant.PRECO ?? null,
    sale_price_cents: variant.DESCONTO ?? null,
    active: variant.active ? 1 : 0,
  };
  const changed = !existing || (Object.keys(row) as (keyof typeof row)[]).some((key) => existing[key] !== row[key]);
  if (!changed) return { title, action: "sem mudança" };
  if (existing) await db.updateTable("product_variants").set(row).where("id", "=", existing.id).execute();
  else
    await db
      .insertInto("product_variants")
      .values({
        ...row,
        id: crypto.randomUUID(),
        store_id: storeId,
        product_id: parent.id,
        created_at: now.toISOString(),
      })
      .execute();
  // The product's row is touched too: its trigger bumps the catalogue version (0027).
  await db.updateTable("products").set({ option_name: parent.option_name }).where("id", "=", parent.id).execute();
  return { title, action: existing ? "atualizar" : "criar" };
}

/** The export's rows: each product (with its extras), then its options in order. */
export async function catalogueCsvRows(
  db: Kysely<Database>,
  storeId: number,
  products: readonly { id: string; text: ProductFieldsText }[],
): Promise<Record<string, string>[]> {
  const extras = await db
    .selectFrom("products")
    .select(["id", "option_name", "size_chart", "capacity", "item_totvs_id"])
    .where("store_id", "=", storeId)
    .execute();
  const extrasOf = new Map(extras.map((row) => [row.id, row]));
  const variants = await db
    .selectFrom("product_variants")
    .selectAll()
    .where("store_id", "=", storeId)
    .orderBy("position")
    .orderBy("value")
    .execute();
  const empty = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, ""]));
  return products.flatMap(({ id, text }) => {
    const stored = extrasOf.get(id)!;
    const own = productExtrasText(stored);
    const productRow = {
      ...empty,
      ...text,
      [OPTION_CSV_COLUMNS.optionName]: own.optionName,
      [OPTION_CSV_COLUMNS.sizeChart]: own.sizeChart,
      [OPTION_CSV_COLUMNS.capacity]: own.capacity,
    };
    const optionRows = variants
      .filter((variant) => variant.product_id === id)
      .map((variant) => ({
        ...empty,
        itemTOTVSId: String(variant.item_totvs_id),
        PRECO: variant.price_cents === null ? "" : centsToReaisInput(variant.price_cents),
        DESCONTO: variant.sale_price_cents === null ? "" : centsToReaisInput(variant.sale_price_cents),
        visivel: variant.active === 1 ? "1" : "0",
        [OPTION_CSV_COLUMNS.parent]: String(stored.item_totvs_id),
        [OPTION_CSV_COLUMNS.value]: variant.value,
      }));
    return [productRow, ...optionRows];
  });
}
