import { describe, expect, it } from "vitest";
import type { Product } from "#api/contract/catalogue.ts";
import { recommendedItems } from "./recommendation.ts";

const product = (itemTOTVS: number, TIPO: string, title = `Produto ${itemTOTVS}`): Product => ({
  id: `p${itemTOTVS}`,
  title,
  slug: `produto-${itemTOTVS}`,
  description: "",
  image: "/img.png",
  itemTOTVS,
  categoryId: "c",
  category: { id: "c", title: "Categoria", slug: "categoria" },
  PRECO: 300,
  DESCONTO: 300,
  TIPO,
  NOME: title,
  TURNO: null,
  PARCELAS: 3,
  CODCOLIGADA: "1",
  paymentPlan: { maxInstallments: 3, turnYear: false, schoolYear: 2026 },
  seriesTOTVSID: [109],
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("the material list of a grade", () => {
  it("keeps the store's order and ticks what one student can take together (spec §5)", () => {
    const items = recommendedItems([
      product(1, "S"),
      product(2, "S"),
      product(3, "P"),
      product(4, "M"),
      product(5, "M"),
      product(6, "P"),
    ]);
    expect(items.map((item) => item.itemTOTVS)).toEqual([1, 2, 3, 4, 5, 6]);
    // Courses and events start unticked (a paid choice); only the first manual product is ticked.
    expect(items.filter((item) => item.suggested).map((item) => item.itemTOTVS)).toEqual([3, 4, 6]);
    expect(items.filter((item) => item.activity).map((item) => item.itemTOTVS)).toEqual([1, 2]);
  });

  it("carries what a card shows: price and the instalments the store advertises", () => {
    const [item] = recommendedItems([product(7, "P", "Agenda Escolar")], new Date("2026-03-10T12:00:00-03:00"));
    expect(item).toMatchObject({ title: "Agenda Escolar", DESCONTO: 300, installments: 3, itemTOTVS: 7 });
  });
});
