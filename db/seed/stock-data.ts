/**
 * The demo's sizes, stock and seats (issue 28; docs/decisions/0066 and 0067) as plain data, read
 * by the seed (stock.ts) and its test, which keeps the README's demo table in step, and the e2e pickers
 * (tests/e2e/support/catalogue.ts). Like catalogue-data.ts it imports nothing from the database.
 *
 * Fardamento's garments come in a Brazilian school's grid (children's 2 to 16, adults' PP to GG)
 * with a "Tabela de medidas"; the kits and the socks are sold as one item. Each size is its own
 * item code at the school's ERP, and pieces are counted per size in the unit that sells the
 * garment. Some courses and events have a capacity (their class); the rest sell unlimited.
 */
import { FIRST_ITEM_TOTVS_ID, PRODUCTS } from "./catalogue-data.ts";

/** What a size is called on the product page (the option's name). */
export const SIZE_OPTION_NAME = "Tamanho";

/** Children's sizes (roughly the age in years) and adults' sizes, in the order a school lists them. */
export const CHILDREN_SIZES = ["2", "4", "6", "8", "10", "12", "14", "16"] as const;
export const ADULT_SIZES = ["PP", "P", "M", "G", "GG"] as const;
type Size = (typeof CHILDREN_SIZES)[number] | (typeof ADULT_SIZES)[number];

export interface SizeChart {
  columns: string[];
  rows: string[][];
}

/** Tops (polo, regata, jaqueta, moletom): chest around and length from the shoulder. */
const TOP_MEASURES: Record<Size, [bust: number, length: number, age: string]> = {
  "2": [56, 40, "2 anos"],
  "4": [60, 44, "3 a 4 anos"],
  "6": [64, 48, "5 a 6 anos"],
  "8": [68, 52, "7 a 8 anos"],
  "10": [72, 56, "9 a 10 anos"],
  "12": [76, 60, "11 a 12 anos"],
  "14": [80, 63, "13 a 14 anos"],
  "16": [84, 66, "15 a 16 anos"],
  PP: [88, 67, "Adulto"],
  P: [94, 69, "Adulto"],
  M: [100, 72, "Adulto"],
  G: [106, 75, "Adulto"],
  GG: [114, 78, "Adulto"],
};

/** Bottoms (bermuda, calça, short-saia): waist with the elastic relaxed, and hips. */
const BOTTOM_MEASURES: Record<Size, [waist: number, hips: number, age: string]> = {
  "2": [48, 54, "2 anos"],
  "4": [52, 58, "3 a 4 anos"],
  "6": [55, 63, "5 a 6 anos"],
  "8": [58, 68, "7 a 8 anos"],
  "10": [61, 73, "9 a 10 anos"],
  "12": [64, 78, "11 a 12 anos"],
  "14": [65, 82, "13 a 14 anos"],
  "16": [67, 86, "15 a 16 anos"],

  PP: [70, 90, "Adulto"],
  P: [74, 95, "Adulto"],
  M: [78, 100, "Adulto"],
  G: [84, 106, "Adulto"],
  GG: [92, 114, "Adulto"],
};

/** The chart of a garment with `sizes`: each row the size, its two measures and the age. */
function chartOf(
  measures: Record<Size, [number, number, string]>,
  columns: [string, string],
  sizes: readonly Size[],
): SizeChart {
  return {
    columns: ["Tamanho", ...columns, "Idade"],
    rows: sizes.map((size) => {
      const [first, second, age] = measures[size];
      return [size, String(first), String(second), age];
    }),
  };
}

/** A sized garment: its sizes in order with the pieces the unit has of each, and its chart. */
export interface SizedUniform {
  slug: string;
  sizes: readonly (readonly [size: Size, pieces: number])[];
  sizeChart: SizeChart;
}

/** The uniform whose size has exactly 2 pieces left (README, "Estoque e vagas"). */
export const TWO_PIECES_LEFT = { slug: "camisa-polo-manga-curta-educacao-infantil", size: "4" } as const;
/** A uniform with sold-out sizes (README): its 10 and its GG. */
export const SOLD_OUT_SIZES = { slug: "calca-de-helanca-escolar", sizes: ["10", "GG"] } as const;

const sized = (slug: string, kind: "top" | "bottom", sizes: SizedUniform["sizes"]): SizedUniform => ({
  slug,
  sizes,
  sizeChart:
    kind === "top"
      ? chartOf(
          TOP_MEASURES,
          ["Busto (cm)", "Comprimento (cm)"],
          sizes.map(([size]) => size),
        )
      : chartOf(
          BOTTOM_MEASURES,
          ["Cintura (cm)", "Quadril (cm)"],
          sizes.map(([size]) => size),
        ),
});

/**
 * Pieces per size: the middle of each grid sells most and is stocked most. Not yet here: the
 * "Camisa Polo Manga Curta - Ensino Fundamental", which the Compra Rápida ticks for every
 * Fundamental grade and adds by its own code; it gets its grid (6 to 16, PP to M) when the Compra
 * Rápida lets a parent choose a size.
 */
export const SIZED_UNIFORMS: readonly SizedUniform[] = [
  sized("camisa-polo-manga-curta-educacao-infantil", "top", [
    ["2", 14],
    ["4", 2],
    ["6", 22],
    ["8", 0],
  ]),
  sized("camisa-polo-manga-longa-ensino-medio", "top", [
    ["PP", 11],
    ["P", 23],
    ["M", 28],
    ["G", 17],
    ["GG", 7],
  ]),
  sized("camiseta-regata-de-educacao-fisica", "top", [
    ["6", 12],
    ["8", 16],
    ["10", 20],
    ["12", 20],
    ["14", 16],
    ["16", 10],
    ["PP", 8],
    ["P", 14],
    ["M", 14],
    ["G", 9],
    ["GG", 4],
  ]),
  sized("bermuda-tactel-de-educacao-fisica", "bottom", [
    ["4", 10],
    ["6", 15],
    ["8", 19],
    ["10", 22],
    ["12", 21],
    ["14", 17],
    ["16", 0],
    ["PP", 9],
    ["P", 12],
    ["M", 12],
    ["G", 6],
  ]),
  sized("calca-de-helanca-escolar", "bottom", [
    ["2", 6],
    ["4", 12],
    ["6", 16],
    ["8", 18],
    ["10", 0],
    ["12", 19],
    ["14", 14],
    ["16", 11],
    ["PP", 8],
    ["P", 10],
    ["M", 9],
    ["G", 5],
    ["GG", 0],
  ]),
  sized("short-saia-escolar", "bottom", [
    ["4", 9],
    ["6", 13],
    ["8", 15],
    ["10", 15],
    ["12", 12],
    ["14", 8],
    ["16", 5],
    ["PP", 6],
    ["P", 7],
    ["M", 4],
  ]),
  sized("jaqueta-de-tactel-com-capuz", "top", [
    ["6", 7],
    ["8", 10],
    ["10", 12],
    ["12", 12],
    ["14", 9],
    ["16", 6],
    ["PP", 5],
    ["P", 8],
    ["M", 8],
    ["G", 4],
    ["GG", 3],
  ]),
  sized("moletom-escolar-unissex", "top", [
    ["8", 6],
    ["10", 9],
    ["12", 11],
    ["14", 11],
    ["16", 8],
    ["PP", 5],
    ["P", 9],
    ["M", 10],
    ["G", 7],
    ["GG", 0],
  ]),
];

/**
 * A product sold as one item whose pieces ran out: the optional line of the 1º Ano's material
 * list shown "Esgotado" with "Avise-me" (material-lists-data.ts, README). No other demo reader
 * or test counts on it.
 */
export const SOLD_OUT_LIST_ITEM = { slug: "squeeze-plastico-infantil-400-ml" } as const;

/** A course's or event's class: its capacity and the seats still free (enrolments made before). */
export interface ClassSeats {
  slug: string;
  capacity: number;
  available: number;
}

/** The course with exactly 3 seats left (README): its class is of 12, as its description says. */
export const THREE_SEATS_LEFT = { slug: "curso-de-robotica-educacional-1-semestre" } as const;
/** The full course (README): "Turma lotada", with a waiting list. */
export const FULL_COURSE = { slug: "curso-de-natacao-infantil" } as const;

export const CLASS_SEATS: readonly ClassSeats[] = [
  { slug: THREE_SEATS_LEFT.slug, capacity: 12, available: 3 },
  { slug: FULL_COURSE.slug, capacity: 15, available: 0 },
  { slug: "curso-de-ingles-kids-anual", capacity: 25, available: 14 },
  { slug: "curso-de-programacao-com-scratch", capacity: 20, available: 12 },
  { slug: "curso-de-xadrez-escolar", capacity: 24, available: 19 },
  { slug: "curso-de-judo-anual", capacity: 30, available: 22 },
  { slug: "escolinha-de-futsal-1-semestre", capacity: 28, available: 17 },
  { slug: "excursao-ao-instituto-ricardo-brennand", capacity: 40, available: 26 },
];

/**
 * Parents already waiting for the full course (README), in line in this order: visitors who
 * left an address, so the demo's own accounts can join the line themselves.
 */
export const FULL_COURSE_WAITING: readonly string[] = ["fernanda.alves@exemplo.com.br", "paulo.mendes@exemplo.com.br"];

/** A demo product's item code: its place in PRODUCTS from FIRST_ITEM_TOTVS_ID (catalogue.ts). */
export function demoItemCode(slug: string): number {
  const index = PRODUCTS.findIndex((product) => product.slug === slug);
  if (index < 0) throw new Error(`Produto desconhecido no seed: ${slug}`);
  return FIRST_ITEM_TOTVS_ID + index;
}

/**
 * A size's item code: its product's code times 100 plus its place in the grid (1…), as a TOTVS
 * grade of sizes numbers them: 1002702 is the second size of 10027. No product's code reaches
 * these (the catalogue starts at 10001; a measuring catalogue stays far below a million items).
 */
export function sizeItemCode(productItemCode: number, position: number): number {
  return productItemCode * 100 + position;
}

function sizeCodeOf(slug: string, size: string): number {
  const uniform = SIZED_UNIFORMS.find((candidate) => candidate.slug === slug);
  const position = uniform ? uniform.sizes.findIndex(([value]) => value === size) + 1 : 0;
  if (position === 0) throw new Error(`Tamanho desconhecido no seed: ${slug} ${size}`);
  return sizeItemCode(demoItemCode(slug), position);
}

/** Item codes a demo reader names (README; the waiting list's demo entries; tests). */
export const TWO_PIECES_LEFT_ITEM_CODE = sizeCodeOf(TWO_PIECES_LEFT.slug, TWO_PIECES_LEFT.size);
export const THREE_SEATS_LEFT_ITEM_CODE = demoItemCode(THREE_SEATS_LEFT.slug);
export const FULL_COURSE_ITEM_CODE = demoItemCode(FULL_COURSE.slug);

/** Item codes of the demo products sold from a limited class (their seats run out). */
export const LIMITED_SEATS_ITEM_CODES: readonly number[] = CLASS_SEATS.map((seats) => demoItemCode(seats.slug));
