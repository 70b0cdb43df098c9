/**
 * Categories and the home's highlight banners as the gestor area edits them; every change
 * writes its audit entry in its own transaction.
 */
import type { Kysely, Selectable } from "kysely";
import type { CategoryTable, Database } from "#db/schema.ts";
import { slugify } from "#core/text.ts";
import type {
  BannerFields,
  CategoryFields,
  GestorCategoryRow,
  HighlightFields,
} from "../../contract/gestor/catalogue.ts";
import { badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";

const CATEGORY_COLUMNS = [
  "categories.id",
  "categories.title",
  "categories.slug",
  "categories.visible",
  "categories.position",
  "categories.icon",
  "categories.home_position",
  "categories.home_heading",
  "categories.home_menu_label",
] as const;

export async function listCategoryRows(db: Kysely<Database>, storeId: number): Promise<GestorCategoryRow[]> {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("products", "products.category_id", "categories.id")
    .select(CATEGORY_COLUMNS)
    .select((eb) => eb.fn.count<string | number>("products.id").as("product_count"))
    .where("categories.store_id", "=", storeId)
    .groupBy(CATEGORY_COLUMNS)
    .orderBy("categories.position")
    .orderBy("categories.title")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    visible: row.visible === 1,
    position: row.position,
    productCount: Number(row.product_count),
    icon: row.icon,
    homePosition: row.home_position,
    homeHeading: row.home_heading,
    homeMenuLabel: row.home_menu_label,
  }));
}

type CategoryValues = Pick<
  Selectable<CategoryTable>,
  "title" | "slug" | "position" | "visible" | "icon" | "home_position" | "home_heading" | "home_menu_label"
>;

/** What the audit keeps of a category: every field the gestor edits, as the form names them. */
const categoryText = (category: CategoryValues) => ({
  title: category.title,
  slug: category.slug,
  position: category.position,
  visible: category.visible === 1,
  icon: category.icon,
  homePosition: category.home_position,
  homeHeading: category.home_heading,
  homeMenuLabel: category.home_menu_label,
});

/** Creates (no `categoryId`) or updates a category; the slug is unique in the store. */
export async function saveCategory(
  db: Kysely<Database>,
  storeId: number,
  categoryId: string | null,
  fields: CategoryFields,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<string> {
  const slug = fields.slug ?? slugify(fields.title);
  if (!slug) throw badRequest("Informe o slug: o título não tem letras ou números para formá-lo.");
  return db.transaction().execute(async (trx) => {
    const existing = categoryId
      ? await trx
          .selectFrom("categories")
          .selectAll()
          .where("store_id", "=", storeId)
          .where("id", "=", categoryId)
          .executeTakeFirst()
      : undefined;
    if (categoryId && !existing) throw notFound("Categoria não encontrada.");
    const clash = await trx
      .selectFrom("categories")
      .select("id")
      .where("store_id", "=", storeId)
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (clash && clash.id !== categoryId) throw badRequest(`Já existe uma categoria com o slug "${slug}".`);
    const values: CategoryValues = {
      title: fields.title,
      slug,
      position: fields.position,
      visible: fields.visible ? 1 : 0,
      icon: fields.icon ?? null,
      home_position: fields.homePosition ?? null,
      home_heading: fields.homeHeading ?? null,
      home_menu_label: fields.homeMenuLabel ?? null,
    };
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) await trx.updateTable("categories").set(values).where("id", "=", id).execute();
    else
      await trx
        .insertInto("categories")
        .values({ ...values, id, store_id: storeId, status: "enabled", created_at: now.toISOString() })
        .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: existing ? "category.update" : "category.create",
        targetType: "category",
        targetId: id,
        summary: existing ? `Alterou a categoria ${fields.title}` : `Criou a categoria ${fields.title}`,
        before: existing ? categoryText(existing) : undefined,
        after: categoryText(values),
      },
      now,
    );
    return id;
  });
}

export async function listHighlights(db: Kysely<Database>, storeId: number) {
  const highlights = await db
    .selectFrom("highlights")
    .select(["id", "title", "visible"])
    .where("store_id", "=", storeId)
    .orderBy("id")
    .execute();
  const banners =
    highlights.length === 0
      ? []
      : await db
          .selectFrom("highlight_banners")
          .select(["id", "highlight_id", "title", "subtitle", "image", "link", "position"])
          .where(
            "highlight_id",
            "in",
            highlights.map((highlight) => highlight.id),
          )
          .orderBy("position")
          .execute();
  return highlights.map((highlight) => ({
    id: highlight.id,
    title: highlight.title,
    visible: highlight.visible === 1,
    banners: banners
      .filter((banner) => banner.highlight_id === highlight.id)
      .map(({ highlight_id: _, ...banner }) => banner),
  }));
}

export async function saveHighlight(
  db: Kysely<Database>,
  storeId: number,
  highlightId: number,
  fields: HighlightFields,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const highlight = await trx
      .selectFrom("highlights")
      .select(["title", "visible"])
      .where("store_id", "=", storeId)
      .where("id", "=", highlightId)
      .executeTakeFirst();
    if (!highlight) throw notFound("Destaque não encontrado.");
    await trx
      .updateTable("highlights")
      .set({ title: fields.title, visible: fields.visible ? 1 : 0 })
      .where("id", "=", highlightId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "highlight.update",
        targetType: "highlight",
        targetId: String(highlightId),
        summary: `Alterou o destaque ${fields.title}`,
        before: { title: highlight.title, visible: highlight.visible === 1 },
        after: fields,
      },
      now,
    );
  });
}

export async function saveBanner(
  db: Kysely<Database>,
  storeId: number,
  ids: { highlightId: number; bannerId: string },
  fields: BannerFields,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const banner = await trx
      .selectFrom("highlight_banners")
      .innerJoin("highlights", "highlights.id", "highlight_banners.highlight_id")
      .select([
        "highlight_banners.title",
        "highlight_banners.subtitle",
        "highlight_banners.image",
        "highlight_banners.link",
        "highlight_banners.position",
      ])
      .where("highlights.store_id", "=", storeId)
      .where("highlights.id", "=", ids.highlightId)
      .where("highlight_banners.id", "=", ids.bannerId)
      .executeTakeFirst();
    if (!banner) throw notFound("Banner não encontrado.");
    await trx.updateTable("highlight_banners").set(fields).where("id", "=", ids.bannerId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "highlight.update-banner",
        targetType: "highlight_banner",
        targetId: ids.bannerId,
        summary: `Alterou o banner ${fields.title} dos destaques`,
        before: banner,
        after: fields,
      },
      now,
    );
  });
}
