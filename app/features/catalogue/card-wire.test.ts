import { describe, expect, it } from "vitest";
import { packProductCard, unpackProductCard, type CardFields } from "./card-wire.ts";

const notebook: CardFields = {
  categorySlug: "papelaria",
  productSlug: "caderno-10-materias",
  title: "Caderno 10 matérias",
  image: "/images/produtos/caderno.webp",
  PRECO: 39.9,
  DESCONTO: 29.9,
  installments: 3,
};

describe("a product card on the wire (decision 0082)", () => {
  it("comes back with every field where it was: a discounted good, without a unit", () => {
    expect(unpackProductCard(packProductCard(notebook))).toEqual({
      href: "/produto/papelaria/caderno-10-materias",
      title: "Caderno 10 matérias",
      image: "/images/produtos/caderno.webp",
      PRECO: 39.9,
      DESCONTO: 29.9,
      installments: 3,
    });
  });

  it("keeps a course's school unit, and a price without discount", () => {
    const course = {
      ...notebook,
      categorySlug: "cursos",
      productSlug: "robotica",
      title: "Robótica",
      PRECO: 450,
      DESCONTO: 450,
      installments: 10,
      unit: "Unidade Boa Viagem",
    };
    expect(unpackProductCard(packProductCard(course))).toEqual({
      href: "/produto/cursos/robotica",
      title: "Robótica",
      image: "/images/produtos/caderno.webp",
      PRECO: 450,
      DESCONTO: 450,
      installments: 10,
      unit: "Unidade Boa Viagem",
    });
  });
});
