/**
 * The demo's material lists (issue 29; docs/decisions/0071-material-lists.md) as plain data, read
 * by the seed (material-lists.ts), its test and the README's demo table. One list per grade of the
 * current school period, each line naming a demo product by its slug (catalogue-data.ts). Like
 * stock-data.ts it imports nothing from the database.
 *
 * - EF06 (Lucas, 20250001): the school's own teaching material, stationery, a sized uniform
 *   line and optional lines, with "Lista completa com 5% de desconto".
 * - EF01 (Beatriz, 20250002): a line whose product is sold out (SOLD_OUT_LIST_ITEM, stock-data.ts)
 *   and a sized uniform line.
 * - EM01 (Gabriel, 20250003): a short list.
 * - EF04: a list with a notice and no discount.
 */

export interface ListLineSeed {
  slug: string;
  quantity: number;
  required: boolean;
  note?: string;
}

export interface MaterialListSeed {
  codgrade: string;
  /** The school's note for the whole list. */
  notice: string | null;
  discountPercentage: number | null;
  lines: readonly ListLineSeed[];
}

/** Published this many days before the seed's day: parents see every demo list from the start. */
export const LIST_PUBLISHED_DAYS_AGO = 30;

const LAST_YEAR = "Pode ser o do ano anterior, em bom estado.";

export const MATERIAL_LISTS: readonly MaterialListSeed[] = [
  {
    codgrade: "EF06",
    notice: "Entregue o material com o nome do estudante na primeira semana de aula.",
    discountPercentage: 5,
    lines: [
      {
        slug: "kit-material-didatico-6-ano-ensino-fundamental-ii",
        quantity: 1,
        required: true,
        note: "Livros e plataforma digital dos dois semestres.",
      },
      { slug: "caderno-universitario-10-materias", quantity: 2, required: true },
      { slug: "caneta-esferografica-azul-caixa-com-12", quantity: 1, required: true },
      { slug: "kit-lapis-grafite-com-borracha-e-apontador", quantity: 1, required: true },
      { slug: "regua-de-acrilico-30-cm", quantity: 1, required: true, note: "Pode ser a do ano anterior." },
      { slug: "agenda-escolar-ensino-fundamental", quantity: 1, required: true, note: "Modelo da escola." },
      {
        slug: "camiseta-regata-de-educacao-fisica",
        quantity: 2,
        required: true,
        note: "Para as aulas de Educação Física.",
      },
      { slug: "estojo-escolar-duplo-com-ziper", quantity: 1, required: false, note: LAST_YEAR },
      { slug: "marca-texto-tons-pastel-6-cores", quantity: 1, required: false },
      { slug: "squeeze-de-aluminio-500-ml", quantity: 1, required: false },
    ],
  },
  {
    codgrade: "EF01",
    notice: "Todo o material deve vir etiquetado com o nome da criança.",
    discountPercentage: null,
    lines: [
      { slug: "kit-material-didatico-1-ano-ensino-fundamental-i", quantity: 1, required: true },
      { slug: "caderno-brochura-capa-dura-96-folhas", quantity: 4, required: true },
      { slug: "lapis-de-cor-24-cores", quantity: 1, required: true },
      { slug: "cola-branca-lavavel-90-g", quantity: 2, required: true },
      { slug: "tesoura-escolar-sem-ponta", quantity: 1, required: true, note: "Sem ponta, com o nome da criança." },
      { slug: "caderno-de-desenho-a4-48-folhas", quantity: 1, required: true },
      { slug: "bermuda-tactel-de-educacao-fisica", quantity: 1, required: true },
      { slug: "squeeze-plastico-infantil-400-ml", quantity: 1, required: false },
      { slug: "mochila-escolar-infantil-estampada", quantity: 1, required: false, note: "Pode ser a do ano anterior." },
    ],
  },
  {
    codgrade: "EM01",
    notice: null,
    discountPercentage: null,
    lines: [
      { slug: "kit-material-didatico-1-serie-ensino-medio", quantity: 1, required: true },
      { slug: "fichario-universitario-4-argolas", quantity: 1, required: true, note: LAST_YEAR },
      { slug: "agenda-escolar-ensino-medio", quantity: 1, required: true },
      { slug: "marca-texto-tons-pastel-6-cores", quantity: 1, required: false },
    ],
  },
  {
    codgrade: "EF04",
    notice: "A escola recebe o material até a segunda semana de fevereiro.",
    discountPercentage: null,
    lines: [
      { slug: "kit-material-didatico-4-ano-ensino-fundamental-i", quantity: 1, required: true },
      { slug: "caderno-universitario-10-materias", quantity: 3, required: true },
      { slug: "lapis-de-cor-24-cores", quantity: 1, required: true },
      { slug: "agenda-escolar-ensino-fundamental", quantity: 1, required: true },
      { slug: "camisa-polo-manga-curta-ensino-fundamental", quantity: 2, required: true },
      { slug: "estojo-escolar-duplo-com-ziper", quantity: 1, required: false, note: LAST_YEAR },
    ],
  },
];
