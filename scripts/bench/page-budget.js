// The page-weight budget, checked on the build output (sizes, never times): for each route, the
// script files its HTML names before interaction (React Router's entry and the route chain's
// modules and imports, as in its modulepreload links) and their gzip bytes. The pages a visit
// starts on must stay within the budget; the table shows every route. Exit code 1 when
// over. Run after `npm run build`: `npm run check:page-budget` (part of `npm test`).
import path from "node:path";
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import { gzipSize, pageBudget } from "./page-weight.js";

const root = path.resolve(import.meta.dirname, "../..");

// React Router writes five inline scripts in every page (scroll restoration, its context, the
// module script that imports the route modules, the loader data and its end): the budget of
// 10 script files leaves 5 for built files.
const INLINE_SCRIPTS = 5;

// The pages held to the budget: those a visit starts on (docs/decisions/0037-page-weight.md), no
// form libraries before a form opens, and every other page that meets it. The form pages load
// Conform and are 130-190 KB (docs/decisions/0039-form-pages-weight.md): listed, not held yet.
// /faq and /privacidade are 1-3 KB over, their text being in their route modules: listed, not held yet.
const BROWSING_ROUTES = [
  "routes/home",
  "routes/category",
  "routes/product",
  "routes/search",
  "routes/not-found",
  "routes/session-expired",
];

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

const rows = Object.keys(assets.routes)
  .filter((id) => assets.routes[id].hasComponent !== false)
  .map((id) => {
    const files = new Set([assets.entry.module, ...assets.entry.imports]);
    for (const route of routeChain(id)) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    const bytes = [...files].reduce((total, file) => total + gzipOf(file), 0);
    return { id, files: files.size, bytes };
  })
  .sort((a, b) => a.bytes - b.bytes);

const over = [];
for (const id of BROWSING_ROUTES) {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) over.push(`${id}: rota ausente do build`);
  else if (row.files + INLINE_SCRIPTS > pageBudget.scriptFiles)
    over.push(`${id}: ${row.files} arquivos de script + ${INLINE_SCRIPTS} inline (máximo ${pageBudget.scriptFiles})`);
  else if (row.bytes > pageBudget.jsGzipBytes)
    over.push(
      `${id}: ${(row.bytes / 1024).toFixed(1)} KB de JavaScript gzip (máximo ${pageBudget.jsGzipBytes / 1024})`,
    );
}

console.table(
  rows.map((row) => ({
    rota: row.id,
    "arquivos JS": row.files,
    "JS gzip KB": Number((row.bytes / 1024).toFixed(1)),
    orçamento: BROWSING_ROUTES.includes(row.id) ? "sim" : "",
  })),
);
if (over.length > 0) {
  console.error(`Acima do orçamento de peso das páginas:\n${over.join("\n")}`);
  process.exit(1);
}
console.log("Páginas de navegação dentro do orçamento de peso.");
