// The page-weight budget, checked on the build output (sizes, never times): for each route, the
// script files its HTML names before interaction (React Router's entry and the route chain's
// modules and imports, as in its modulepreload links) and their gzip bytes. Every storefront page
// is held to the budget (issue 32; docs/decisions/0081-js-budget.md); the gestor's pages
// are listed, not held. Exit code 1 when a page is over. Run after `npm run build`:
// `npm run check:page-budget` (part of `npm test`).
import path from "node:path";
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import { gzipSize, pageBudget } from "./page-weight.js";

const root = path.resolve(import.meta.dirname, "../..");

// React Router writes five inline scripts in every page (scroll restoration, its context, the
// module script that imports the route modules, the loader data and its end): the budget of
// 10 script files leaves 5 for built files.
const INLINE_SCRIPTS = 5;

// What those inline scripts weigh, gzip, without the loader data: page-weight.js counts them on a
// real page, this check has no page. Measured on the built store (docs/perf/2026-11-28-js-budget.md):
// 0.9-1.2 KB on home, category, product, search, faq and the form pages. The loader data depends on what the
// database holds (the home's 55 cards are ~4 KB of it) and is counted by the bench on real pages,
// not here: that is the one difference between the two counts.
const INLINE_GZIP_BYTES = 1.2 * 1024;

// Layouts: never a page on their own, always under one of the pages below.
const LAYOUTS = new Set(["root", "routes/shop-layout", "routes/gestor/layout"]);
const isGestor = (id) => id.startsWith("routes/gestor/");

// Storefront pages still over the budget (docs/decisions/0081-js-budget.md says why each is):
// held to today's figure, built files, so they cannot grow, until they meet the budget and leave
// this list. A page not listed here is held to the budget itself.
const OVER_TODAY = {
  "routes/public-list-print": { kb: 113.6, files: 12 },
  "routes/boleto": { kb: 113.6, files: 12 },
  "routes/public-lists": { kb: 119.8, files: 11 },
  "routes/product": { kb: 120.6, files: 10 },
  "routes/public-list": { kb: 121.4, files: 13 },
  "routes/privacy": { kb: 123.6, files: 11 },
  "routes/reset-password": { kb: 131.2, files: 12 },
  "routes/forgot-password": { kb: 131.8, files: 14 },
  "routes/notify-me": { kb: 132.6, files: 14 },
  "routes/support": { kb: 132.7, files: 13 },
  "routes/login": { kb: 140.0, files: 22 },
  "routes/register": { kb: 140.0, files: 22 },
  "routes/quick-purchase": { kb: 147.1, files: 26 },
  "routes/public-receipt": { kb: 154.7, files: 18 },
  "routes/seat-offer": { kb: 164.5, files: 22 },
  "routes/purchase-complete": { kb: 165.0, files: 19 },
  "routes/waiting-list": { kb: 165.1, files: 24 },
  "routes/student-material-list": { kb: 173.7, files: 22 },
  "routes/account": { kb: 181.0, files: 35 },
  "routes/checkout": { kb: 197.0, files: 39 },
  "routes/checkout-retry": { kb: 197.0, files: 39 },
};

const { assets } = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);

function routeChain(id) {
  const chain = [];
  for (let route = assets.routes[id]; route; route = assets.routes[route.parentId]) chain.unshift(route);
  return chain;
}

const sizes = new Map();
function gzipOf(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSize(fs.readFileSync(path.join(root, "build/client", file))));
  return sizes.get(file);
}

const kb = (bytes) => Number((bytes / 1024).toFixed(1));

const rows = Object.keys(assets.routes)
  // A route without a component (an action, a file) renders no page.
  .filter((id) => assets.routes[id].hasDefaultExport && !LAYOUTS.has(id))
  .map((id) => {
    const files = new Set([assets.entry.module, ...assets.entry.imports]);
    for (const route of routeChain(id)) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    const builtBytes = [...files].reduce((total, file) => total + gzipOf(file), 0);
    return { id, files: files.size + INLINE_SCRIPTS, builtBytes, bytes: builtBytes + INLINE_GZIP_BYTES };
  })
  .sort((a, b) => a.bytes - b.bytes);

const missing = Object.keys(OVER_TODAY).filter((id) => !rows.some((row) => row.id === id));
const over = missing.map((id) => `${id}: rota ausente do build (tire-a de OVER_TODAY)`);
const within = [];
for (const row of rows) {
  if (isGestor(row.id)) {
    row.limit = "listada";
    continue;
  }
  const ceiling = OVER_TODAY[row.id];
  const maxFiles = ceiling?.files ?? pageBudget.scriptFiles;
  const maxBytes = ceiling ? ceiling.kb * 1024 : pageBudget.jsGzipBytes;
  row.limit = ceiling ? `teto de hoje: ${ceiling.kb} KB, ${ceiling.files} arquivos` : "orçamento";
  if (row.files > maxFiles) over.push(`${row.id}: ${row.files} arquivos de script (máximo ${maxFiles})`);
  else if (row.bytes > maxBytes)
    over.push(`${row.id}: ${kb(row.bytes)} KB de JavaScript gzip (máximo ${kb(maxBytes)})`);
  else if (ceiling && row.files <= pageBudget.scriptFiles && row.bytes <= pageBudget.jsGzipBytes)
    within.push(`${row.id} já cabe no orçamento: tire-a de OVER_TODAY`);
}

console.table(
  rows.map((row) => ({
    rota: row.id,
    "arquivos de script": row.files,
    "JS gzip KB": kb(row.bytes),
    limite: row.limit,
  })),
);
console.log(
  `Arquivos de script: os do build mais ${INLINE_SCRIPTS} inline; JS gzip: os do build mais ${kb(INLINE_GZIP_BYTES)} KB ` +
    `dos scripts inline sem os dados do loader (esses o bench conta na página de verdade).`,
);
if (within.length > 0) console.log(within.join("\n"));
if (over.length > 0) {
  console.error(`Acima do orçamento de peso das páginas:\n${over.join("\n")}`);
  process.exit(1);
}
const held = rows.filter((row) => !isGestor(row.id));
const inBudget = held.filter((row) => !OVER_TODAY[row.id]);
console.log(
  `Páginas da loja: ${inBudget.length} de ${held.length} dentro do orçamento ` +
    `(${pageBudget.jsGzipBytes / 1024} KB, ${pageBudget.scriptFiles} arquivos); ` +
    `${held.length - inBudget.length} no teto de hoje (OVER_TODAY).`,
);
