import type { Kysely } from "kysely";

// A category's icon and its section on the home page become editable in the gestor's Catálogo
// (docs/decisions/0032-catalogue-editing.md). Until now both were the slug-keyed configuration of
// spec §9 (category-icon.tsx, HOME_SECTIONS); the four sections of that configuration are copied
// onto their categories so the home looks exactly as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("categories")
    // One of spec §9's icon keys; null: the icon of the slug, as before.
    .addColumn("icon", "text")
    .execute();
  // Null: not on the home page. Otherwise the section's place, from 1.
  await db.schema.alterTable("categories").addColumn(HOME_SECTIONS_COLUMN, "integer").execute();
  // Null: the category's title.
  await db.schema.alterTable("categories").addColumn("home_heading", "text").execute();
  await db.schema.alterTable("categories").addColumn("home_menu_label", "text").execute();
  await setSpecHomeSections(db);
}

export const HOME_SECTIONS_COLUMN = "home_position";

/**
 * Spec §9's four home sections as HOME_SECTIONS (app/features/catalogue/home-sections.ts) held them
 * when this migration was written: copied, so a later change to the storefront never changes what
 * this step wrote (a migration imports nothing that changes later; eslint.config.js).
 */
const SPEC_HOME_SECTIONS = [
  { slug: "cursos", menuLabel: "Lançamentos", heading: "Lançamentos" },
  { slug: "fardamento", menuLabel: "Fardamento", heading: "Fardamento" },
  { slug: "material-didatico", menuLabel: "Material", heading: "Material Didático" },
  { slug: "papelaria", menuLabel: "Papelaria", heading: "Papelaria" },
] as const;

/** Spec §9's four home sections onto the categories of their slugs. */
export async function setSpecHomeSections(db: Kysely<any>): Promise<void> {
  for (const [index, section] of SPEC_HOME_SECTIONS.entries()) {
    await db
      .updateTable("categories")
      .set({ home_position: index + 1, home_heading: section.heading, home_menu_label: section.menuLabel })
      .where("slug", "=", section.slug)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["home_menu_label", "home_heading", "home_position", "icon"])
    await db.schema.alterTable("categories").dropColumn(column).execute();
}
