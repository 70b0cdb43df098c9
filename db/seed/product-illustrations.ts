/**
 * Each demo product's own picture (issue 25, point 1): what the item is (a backpack, a pencil
 * case, a polo shirt, a ballet class), drawn from the product's name, in a colour of its own,
 * on a light studio background, with no text on it: the card prints the name under the picture.
 * scripts/generate-product-images.ts writes them to public/images/products/{slug}.svg, where
 * the seed's `image` points; the large catalogue's variants reuse their base product's picture.
 */
import { stripAccents } from "#core/text.ts";
import { drawing, type Colours, type DrawingKind } from "./product-drawings.ts";

/** What a picture is drawn from. */
export interface IllustratedProduct {
  title: string;
  slug: string;
  categorySlug: string;
}

/**
 * The kind of item a product is, from the words of its name, first match wins: clothing before
 * events ("Camisa Arraiá" is a shirt), specific before general ("caneca térmica" before
 * "caneca", "mochila ... rodinhas" before "mochila").
 */
const KIND_BY_WORDS: readonly [RegExp, DrawingKind][] = [
  [/terceirao/, "tshirtStar"],
  [/jogos escolares/, "tshirtNumber"],
  [/feira de ciencias/, "tshirtAtom"],
  [/camisa arraia/, "tshirtPlaid"],
  [/camiseta familia/, "tshirtHeart"],
  [/kit fardamento/, "uniformKit"],
  [/polo manga longa/, "longSleevePolo"],
  [/polo/, "polo"],
  [/regata/, "tankTop"],
  [/bermuda/, "shorts"],
  [/short-saia/, "skort"],
  [/calca/, "trousers"],
  [/jaqueta/, "jacket"],
  [/moletom/, "hoodie"],
  [/meias/, "socks"],
  [/rodinhas/, "rollingBackpack"],
  [/mochila/, "backpack"],
  [/lancheira/, "lunchbox"],
  [/estojo/, "pencilCase"],
  [/lapis de cor/, "colourPencils"],
  [/lapis grafite/, "graphitePencils"],
  [/caneta/, "pens"],
  [/kit papelaria/, "stationeryKit"],
  [/caderno de desenho/, "sketchbook"],
  [/caderno universitario/, "spiralNotebook"],
  [/caderno/, "notebook"],
  [/fichario/, "binder"],
  [/regua/, "ruler"],
  [/tesoura/, "scissors"],
  [/cola /, "glue"],
  [/marca-texto/, "highlighters"],
  [/papel sulfite/, "paperReam"],
  [/agenda|planner/, "agenda"],
  [/caneca termica/, "tumbler"],
  [/caneca de porcelana|formandos/, "porcelainMug"],
  [/caneca/, "mug"],
  [/squeeze plastico/, "kidsSqueeze"],
  [/squeeze/, "squeeze"],
  [/garrafa/, "thermos"],
  [/material didatico/, "books"],
  [/apostila/, "workbook"],
  [/e-book/, "ebook"],
  [/robotica/, "robot"],
  [/ingles|espanhol/, "speech"],
  [/programacao/, "laptop"],
  [/xadrez/, "chess"],
  [/ballet/, "ballet"],
  [/judo/, "judo"],
  [/futsal/, "ball"],
  [/natacao/, "swimming"],
  [/teatro/, "theatre"],
  [/redacao/, "essay"],
  [/olimpiadas/, "medal"],
  [/violao/, "guitar"],
  [/matematica/, "calculator"],
  [/ricardo brennand/, "castle"],
  [/museu/, "museum"],
  [/passeio/, "bus"],
  [/acampamento/, "tent"],
  [/baile/, "balloons"],
  [/formatura/, "graduationCap"],
  [/festa junina/, "bunting"],
  [/palestra/, "microphone"],
  [/porto de galinhas/, "sea"],
  [/colonia de ferias/, "sun"],
];

/**
 * What an item of a category looks like when its name says nothing the list above knows: a
 * product the gestor adds to the demo seed still gets a picture of its category's kind of item.
 */
const KIND_BY_CATEGORY: Record<string, DrawingKind> = {
  cursos: "graduationCap",
  eventos: "balloons",
  fardamento: "polo",
  camisas: "tshirtStar",
  "material-didatico": "books",
  apostilhas: "workbook",
  "e-books": "ebook",
  papelaria: "notebook",
  agenda: "agenda",
  canecas: "mug",
  squeezes: "squeeze",
  "colecao-antiga": "polo",
};

/** The kind of item the product's name says it is, if any. */
export function kindByName(title: string): DrawingKind | undefined {
  const words = stripAccents(title).toLowerCase();
  return KIND_BY_WORDS.find(([pattern]) => pattern.test(words))?.[1];
}

/** The item's kind: from its name, else from its category, else a backpack. */
function kindOf(product: IllustratedProduct): DrawingKind {
  return kindByName(product.title) ?? KIND_BY_CATEGORY[product.categorySlug] ?? "backpack";
}

/** Item colours, each dark enough for white details; a product's slug picks one. */
const MAIN_COLOURS = [
  "#2563eb",
  "#dc2626",
  "#16a34a",
  "#9333ea",
  "#ea580c",
  "#0891b2",
  "#db2777",
  "#ca8a04",
  "#4f46e5",
  "#0d9488",
  "#e11d48",
  "#65a30d",
];

function mix(hex: string, towards: string, share: number): string {
  const channel = (colour: string, i: number) => parseInt(colour.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2]
    .map((i) => Math.round(channel(hex, i) * (1 - share) + channel(towards, i) * share))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** A stable number from the slug (FNV-1a), so a product keeps its colour on every run. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

function coloursOf(product: IllustratedProduct): Colours {
  const main = MAIN_COLOURS[hashOf(product.slug) % MAIN_COLOURS.length]!;
  return { main, dark: mix(main, "#000000", 0.35), light: mix(main, "#ffffff", 0.6) };
}

/** The product's picture: a 600×600 SVG, its drawing centred over a tinted disc and a soft shadow. */
export function productIllustration(product: IllustratedProduct): string {
  const colours = coloursOf(product);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" stroke-linejoin="round">
<rect width="600" height="600" fill="#f8fafc"/><circle cx="300" cy="290" r="235" fill="${mix(colours.main, "#ffffff", 0.88)}"/>
<ellipse cx="300" cy="512" rx="170" ry="20" fill="#0f172a" opacity=".08"/>
<g transform="translate(80 66) scale(2.2)">${drawing(kindOf(product), colours)}</g>
</svg>
`;
}
