import { describe, expect, it } from "vitest";
import type { Category } from "#api/contract/catalogue.ts";
import { HOME_SECTIONS, homeSectionsOf } from "./home-sections.ts";

const category = (slug: string, extra: Partial<Category> = {}): Category => ({
  id: slug,
  title: slug,
  slug,
  status: "enabled",
  visible: true,
  ...extra,
});

describe("homeSectionsOf", () => {
  it("keeps spec §9's fixed sections with a school API that sends no home section", () => {
    expect(homeSectionsOf([category("cursos"), category("canecas")])).toBe(HOME_SECTIONS);
  });

  it("shows the categories the gestor put on the home, in their order, with unique anchors", () => {
    const sections = homeSectionsOf([
      category("papelaria", { homeSection: { position: 2, heading: "Papelaria", menuLabel: "Material" } }),
      category("canecas", { homeSection: null }),
      category("cursos", { homeSection: { position: 1, heading: "Lançamentos", menuLabel: "Lançamentos" } }),
      category("material-didatico", {
        homeSection: { position: 3, heading: "Material Didático", menuLabel: "Material" },
      }),
    ]);
    expect(sections).toEqual([
      { slug: "cursos", anchor: "lancamentos", menuLabel: "Lançamentos", heading: "Lançamentos" },
      { slug: "papelaria", anchor: "material", menuLabel: "Material", heading: "Papelaria" },
      {
        slug: "material-didatico",
        anchor: "material-material-didatico",
        menuLabel: "Material",
        heading: "Material Didático",
      },
    ]);
  });

  it("shows no section when the API says no category is on the home", () => {
    expect(homeSectionsOf([category("cursos", { homeSection: null })])).toEqual([]);
  });
});
