/**
 * Draws the demo store's pictures as small SVG files from the seed's own data,
 * so a product never points at a missing image:
 *   public/images/products/{slug}.svg   600×600, one per product: what the item is, no text
 *                                       (db/seed/product-illustrations.ts)
 *   public/images/highlights/{name}.svg 1200×400, one per home banner
 *   public/images/logo.svg
 * Run: npx node scripts/generate-product-images.ts
 */
import fs from "node:fs";
import path from "node:path";
import { HIGHLIGHT_BANNERS, PRODUCTS, type BannerSeed } from "#db/seed/catalogue-data.ts";
import { productIllustration } from "#db/seed/product-illustrations.ts";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../public");
const FONT = "'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const MAX_BYTES = 4096;

/** Gradient start and end per category; the fallback is the "outros" look. */
const PALETTES: Record<string, [string, string]> = {
  cursos: ["#4f46e5", "#7c3aed"],
  eventos: ["#f97316", "#db2777"],
  fardamento: ["#2563c9", "#173f86"],
  camisas: ["#14b8a6", "#0f766e"],
  "material-didatico": ["#16a34a", "#166534"],
  apostilhas: ["#65a30d", "#3f6212"],
  "e-books": ["#0891b2", "#155e75"],
  papelaria: ["#f59e0b", "#c2410c"],
  agenda: ["#e11d48", "#9f1239"],
  canecas: ["#b45309", "#78350f"],
  squeezes: ["#06b6d4", "#0369a1"],
  outros: ["#64748b", "#334155"],
};

const PICTOGRAM_BY_CATEGORY: Record<string, string> = {
  cursos: "cap",
  eventos: "star",
  fardamento: "shirt",
  camisas: "shirt",
  "colecao-antiga": "shirt",
  "material-didatico": "books",
  apostilhas: "document",
  "e-books": "tablet",
  papelaria: "pencil",
  agenda: "agenda",
  canecas: "mug",
  squeezes: "bottle",
};

const paletteOf = (slug: string) => PALETTES[slug] ?? PALETTES.outros!;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${Math.round(cx + radius * Math.cos(angle))},${Math.round(cy + radius * Math.sin(angle))}`);
  }
  return points.join(" ");
}

/** A white pictogram in a 200×200 box; `ink` is the dark colour for details. */
function pictogram(kind: string, ink: string): string {
  switch (kind) {
    case "cap":
      return `<rect x="55" y="80" width="90" height="55" rx="10" fill="#fff" opacity=".85"/><polygon points="100,30 190,72 100,114 10,72" fill="#fff"/><path d="M170 80v50" stroke="#fbbf24" stroke-width="6"/><circle cx="170" cy="136" r="9" fill="#fbbf24"/>`;
    case "star":
      return `<polygon points="${starPoints(100, 105, 90, 38)}" fill="#fff"/><circle cx="100" cy="110" r="16" fill="#fbbf24"/>`;
    case "shirt":
      return `<path d="M70 25 40 40 8 78l30 28 14-13v85h96V93l14 13 30-28-32-38-30-15q-30 26-60 0z" fill="#fff"/><circle cx="125" cy="75" r="9" fill="${ink}" opacity=".5"/>`;
    case "books":
      return `<rect x="25" y="135" width="150" height="36" rx="5" fill="#fff"/><rect x="40" y="95" width="130" height="36" rx="5" fill="#fff" opacity=".85"/><rect x="32" y="55" width="125" height="36" rx="5" fill="#fff"/><path d="M45 153h120M55 113h100M45 73h95" stroke="${ink}" stroke-width="5" opacity=".5"/>`;
    case "document":
      return `<path d="M45 15h80l35 35v135H45z" fill="#fff"/><path d="M125 15v35h35" fill="${ink}" opacity=".3"/><path d="M65 80h75M65 105h75M65 130h75M65 155h45" stroke="${ink}" stroke-width="8" stroke-linecap="round" opacity=".6"/>`;
    case "tablet":
      return `<rect x="40" y="12" width="120" height="176" rx="16" fill="#fff"/><rect x="52" y="30" width="96" height="130" rx="4" fill="${ink}" opacity=".8"/><path d="M66 55h68M66 78h68M66 101h68M66 124h40" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".8"/><circle cx="100" cy="174" r="6" fill="${ink}"/>`;
    case "pencil":
      return `<g transform="rotate(40 100 100)"><rect x="80" y="10" width="40" height="140" rx="4" fill="#fff"/><rect x="80" y="10" width="40" height="24" rx="4" fill="#fda4af"/><polygon points="80,150 120,150 100,192" fill="#fde68a"/><polygon points="93,178 107,178 100,192" fill="${ink}"/></g>`;
    case "agenda":
      return `<rect x="45" y="15" width="125" height="170" rx="12" fill="#fff"/><path d="M35 50h25M35 90h25M35 130h25" stroke="${ink}" stroke-width="10" stroke-linecap="round"/><rect x="80" y="45" width="65" height="30" rx="4" fill="${ink}" opacity=".4"/><path d="M80 105h65M80 130h65M80 155h40" stroke="${ink}" stroke-width="6" opacity=".4"/>`;
    case "mug":
      return `<path d="M140 80h14a28 28 0 0 1 0 56h-14" fill="none" stroke="#fff" stroke-width="16"/><rect x="35" y="55" width="110" height="130" rx="14" fill="#fff"/><path d="M70 15q-12 15 0 30M100 10q-12 15 0 30" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".7"/><rect x="55" y="100" width="70" height="35" rx="6" fill="${ink}" opacity=".35"/>`;
    case "bottle":
      return `<rect x="80" y="8" width="40" height="28" rx="6" fill="#fff" opacity=".85"/><rect x="58" y="40" width="84" height="152" rx="26" fill="#fff"/><rect x="58" y="95" width="84" height="40" fill="${ink}" opacity=".35"/>`;
    default:
      // Backpack: the "outros" look.
      return `<path d="M72 55V40a28 28 0 0 1 56 0v15" fill="none" stroke="#fff" stroke-width="10"/><rect x="40" y="50" width="120" height="142" rx="30" fill="#fff"/><rect x="62" y="120" width="76" height="52" rx="12" fill="${ink}" opacity=".35"/><path d="M62 138h76" stroke="#fff" stroke-width="4"/>`;
  }
}

/** Greedy word wrap by character count; the last line ends in "…" when text is left over. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  // Keep a spaced dash with the word before it, so no line starts with "–".
  const words = text.replace(/ - /g, "\u00a0– ").split(/ +/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function gradient(id: string, [from, to]: [string, string]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function textLines(lines: string[], x: number, y: number, size: number, anchor: "middle" | "start"): string {
  const spans = lines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(size * 1.2)}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="700" text-anchor="${anchor}">${spans}</text>`;
}

const BANNER_CATEGORY: Record<string, string> = {
  "material-didatico": "material-didatico",
  "cursos-extracurriculares": "cursos",
  fardamento: "fardamento",
  "excursao-ricardo-brennand": "eventos",
};

function bannerSvg(banner: BannerSeed): string {
  const category = BANNER_CATEGORY[banner.name] ?? "outros";
  const palette = paletteOf(category);
  const kind = PICTOGRAM_BY_CATEGORY[category] ?? "other";
  const titleLines = wrap(banner.title, 24, 2);
  const subtitleY = 150 + titleLines.length * 66;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" font-family="${FONT}" fill="#fff" role="img" aria-label="${escapeXml(banner.title)}">
<defs>${gradient("g", palette)}</defs>
<rect width="1200" height="400" fill="url(#g)"/>
<circle cx="960" cy="200" r="190" fill="#fff" opacity=".12"/><circle cx="1150" cy="30" r="120" fill="#fff" opacity=".08"/>
<g transform="translate(830 70) scale(1.3)">${pictogram(kind, palette[1])}</g>
${textLines(titleLines, 80, 150, 56, "start")}
<text x="80" y="${subtitleY}" font-size="26" opacity=".9">${escapeXml(banner.subtitle)}</text>
<rect x="80" y="${subtitleY + 30}" width="170" height="52" rx="26" fill="#fbbf24"/>
<text x="165" y="${subtitleY + 64}" font-size="22" font-weight="700" fill="#0f2a5a" text-anchor="middle">Confira</text>
</svg>
`;
}

// Drawn for the header's dark blue background.
function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60" width="240" height="60" role="img" aria-label="Loja Escolar">
<rect x="2" y="6" width="48" height="48" rx="11" fill="#fff"/>
<path d="M9 24 26 16l17 8-17 8z" fill="#1d4fa8"/><path d="M16 28v8c6 4 14 4 20 0v-8l-10 5z" fill="#fbbf24"/>
<text x="60" y="40" font-family="${FONT}" font-size="27" font-weight="700" fill="#fff">Loja <tspan fill="#fbbf24">Escolar</tspan></text>
</svg>
`;
}

function write(relativePath: string, svg: string): void {
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${relativePath} tem ${bytes} bytes (máximo ${MAX_BYTES}).`);
  const file = path.join(PUBLIC_DIR, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
}

/** Drops pictures of products or banners that left the seed, so public/ mirrors it. */
function removeStale(folder: string, keep: Set<string>): void {
  const dir = path.join(PUBLIC_DIR, "images", folder);
  if (!fs.existsSync(dir)) return;
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith(".svg") && !keep.has(file)) fs.rmSync(path.join(dir, file));
  }
}

removeStale("products", new Set(PRODUCTS.map((product) => `${product.slug}.svg`)));
removeStale("highlights", new Set(HIGHLIGHT_BANNERS.map((banner) => `${banner.name}.svg`)));

for (const product of PRODUCTS) write(`images/products/${product.slug}.svg`, productIllustration(product));
for (const banner of HIGHLIGHT_BANNERS) write(`images/highlights/${banner.name}.svg`, bannerSvg(banner));
write("images/logo.svg", logoSvg());

console.log(
  `${PRODUCTS.length} imagens de produto, ${HIGHLIGHT_BANNERS.length} banners e o logotipo em ${PUBLIC_DIR}/images`,
);
