import { describe, expect, it } from "vitest";
import type { MaterialList, MaterialListLine } from "#api/contract/material-lists.ts";
import { pdfText } from "#tests/fixtures/pdf-text.ts";
import { buildListPdf } from "./public-list-pdf.server.ts";

const line = (overrides: Partial<MaterialListLine>): MaterialListLine => ({
  lineId: crypto.randomUUID(),
  quantity: 1,
  required: true,
  note: null,
  productId: crypto.randomUUID(),
  title: "Caderno universitário",
  description: "Capa dura, 200 folhas.",
  image: "/images/caderno.svg",
  categorySlug: "papelaria",
  productSlug: "caderno",
  type: "P",
  schoolOnly: false,
  unitCode: "1",
  unitName: "Unidade Boa Viagem",
  price: 24.9,
  itemTOTVSId: 101,
  optionName: null,
  options: [],
  soldOut: false,
  unavailable: false,
  ...overrides,
});

const list = (lines: MaterialListLine[]): MaterialList => ({
  id: crypto.randomUUID(),
  periodCode: "202600",
  codgrade: "EF06",
  gradeName: "6º Ano",
  course: "Ensino Fundamental II",
  notice: "Etiquetar tudo com o nome e a turma até 5 de fevereiro.",
  publishFrom: "2026-11-01",
  discountPercentage: null,
  updatedAt: "2026-11-01T12:00:00.000Z",
  lines,
});

const build = (lines: MaterialListLine[]) =>
  buildListPdf({
    list: list(lines),
    pricesOn: "27/11/2026",
    pageUrl: "https://loja.test/listas-de-material/202600/EF06",
    storeName: "Rede Saber Educação Ltda.",
  });

/** One line of text, whatever the PDF's line breaks. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the material list's PDF", () => {
  it("is a PDF with the title, the notice and every line with its note, mark and description", async () => {
    const pdf = await build([
      line({ title: "Apostila do 6º ano", type: "M", schoolOnly: true, price: 320, description: "Volume único." }),
      line({ quantity: 2, required: false, note: "Pode ser o do ano anterior", title: "Compasso escolar" }),
    ]);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(pdf));
    expect(text).toContain("Lista de material – 6º Ano");
    expect(text).toContain("Ensino Fundamental II · Ano letivo 2026");
    expect(text).toContain("Etiquetar tudo com o nome e a turma até 5 de fevereiro.");
    expect(text).toContain("Apostila do 6º ano");
    expect(text).toContain("Material próprio da escola: vendido somente pela escola");
    expect(text).toContain("Volume único.");
    expect(text).toContain("Observação da escola: Pode ser o do ano anterior");
    expect(text).toContain("Opcional");
    expect(text).toContain("R$ 320,00");
    expect(text).toContain("Os demais itens podem ser comprados onde você preferir");
    expect(text).toContain("Preços da loja em 27/11/2026");
  });

  it("runs over as many pages as the lines need, each numbered, no line left out", async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line({ title: `Item número ${index + 1}`, description: "Descrição com acentuação: ç ã é º.".repeat(3) }),
    );
    const text = flat(pdfText(await build(lines)));
    for (let index = 1; index <= 60; index++) expect(text).toContain(`Item número ${index} `);
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain("ç ã é º");
  });
});
