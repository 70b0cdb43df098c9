/**
 * The header menu shows the category icons as pictures (public/images/categorias/, decision
 * 0082): each file must draw what CategoryIcon draws inline, in the menu's colour.
 * `UPDATE_CATEGORY_ICONS=1 npx vitest run app/features/catalogue/category-icon.test.ts` writes them.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CATEGORY_ICON_KEYS, categoryIconKey } from "#core/category-icons.ts";
import { CategoryIcon } from "./category-icon.tsx";

const dir = path.resolve(import.meta.dirname, "../../../public/images/categorias");
/** The menu's colour: brand-600 of app.css's theme, read from there so that the two change together. */
const brand600 = /--color-brand-600:\s*(#[0-9a-f]{6});/i.exec(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8"),
)?.[1];

/** The stroke of app.css's `.icon` rule, in brand-600. */
function iconFile(key: string): string {
  const inline = renderToStaticMarkup(createElement(CategoryIcon, { category: { slug: key } }));
  const inner = inline.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" ' +
    `stroke="${brand600}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">` +
    `${inner}</svg>\n`
  );
}

describe("the category icons as pictures", () => {
  it.each(CATEGORY_ICON_KEYS)("%s draws what the inline icon draws", (key) => {
    const file = path.join(dir, `${key}.svg`);
    if (process.env.UPDATE_CATEGORY_ICONS) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, iconFile(key));
    }
    expect(fs.readFileSync(file, "utf8")).toBe(iconFile(key));
  });

  it("picks the gestor's icon, else the slug's, else outros", () => {
    expect(categoryIconKey({ slug: "papelaria", icon: "canecas" })).toBe("canecas");
    expect(categoryIconKey({ slug: "papelaria", icon: "desconhecido" })).toBe("papelaria");
    expect(categoryIconKey({ slug: "nova-categoria", icon: null })).toBe("outros");
  });
});
