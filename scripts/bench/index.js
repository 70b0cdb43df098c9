// The storefront's speed figures (docs/decisions/0038). Run after `npm run build`.
//
// `npm run bench`: for the home, a category and a product page, requests/second and p99 of the
// built server with and without `Accept-Encoding: gzip, br` (a browser always sends it), beside
// the same HTML bytes served by a plain node:http server in its own process (the physical
// limit), loaded by the same client in the same run; the ratio is the figure. Also each page's
// HTML size and the JavaScript a browser loads before interaction (gzip KB, files).
//
// Also (issue 32, docs/decisions/0084) the same home, category and product page logged in beside
// the visitor's cached page, measured back to back on one store: the logged-in/visitor ratio
// (goal ≥ 0.25); with DATABASE_URL, on SQLite and on PostgreSQL side by side, page by page, with
// the PostgreSQL/SQLite ratio of the logged-in pages (goal ≥ 0.8) and their p99 (goal < 100 ms).
// `npm run bench -- --logged-in` prints these figures alone.
//
// `npm run bench -- --roster`: the roster import of 20,000 students (scripts/bench/roster-import.ts).
//
// `npm run bench -- --material-list`: a parent buying a 20-line material list with JavaScript off
// and on (scripts/bench/material-list.ts).
//
// `npm run bench -- --catalogue`: home, a category's page 1 and page 50, a search and a product
// page, with the demo's 96 products and with BENCH_CATALOGUE_SIZE (10,000), each as a visitor
// and logged in (served from the page cache since decision 0084; PAGE_CACHE_LOGGED_IN=0 for the rendered page).
//
// Settings: BENCH_SECONDS (10 per measurement), BENCH_CONNECTIONS (10), BENCH_CATALOGUE_SIZE
// (10000); WEB_CONCURRENCY and DATABASE_URL are passed to the server.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { Browser } from "./browser.js";
import { LIGHTHOUSE_GOALS, lighthouseFigures } from "./lighthouse.js";
import { homeHtmlLine, pageWeight } from "./page-weight.js";
import { freePort } from "../../tests/fixtures/free-port.ts";
import { machineNote, requireBuild, startStore } from "./store-process.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 10_000);
const COMPRESSED = { "accept-encoding": "gzip, br" };

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const errorsOf = (result) => result.errors + result.timeouts + result.non2xx;

/** The static baseline server (static-server.js) in its own process, serving `pages` (path → HTML). */
async function startStaticServer(pages) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-bench-estatico-"));
  const index = {};
  [...pages].forEach(([urlPath, html], i) => {
    index[urlPath] = `page-${i}.html`;
    fs.writeFileSync(path.join(dir, `page-${i}.html`), html);
  });
  fs.writeFileSync(path.join(dir, "pages.json"), JSON.stringify(index));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "static-server.js"), dir, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  for await (const line of readline.createInterface({ input: child.stdout })) if (line === "pronta") break;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function firstProductPath(baseUrl, categorySlug) {
  const response = await fetch(
    `${baseUrl}/api/products/list-product-by-category-slug/${categorySlug}/store/1/visible/enabled`,
    { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
  );
  const { products } = await response.json();
  return `/produto/${categorySlug}/${products[0].slug}`;
}

async function pageFigures() {
  const store = await startStore();
  let baseline;
  try {
    const pages = [
      { name: "home", path: "/" },
      { name: "categoria", path: "/categoria/papelaria" },
      { name: "produto", path: await firstProductPath(store.baseUrl, "cursos") },
    ];
    const html = new Map();
    for (const page of pages) html.set(page.path, await (await fetch(`${store.baseUrl}${page.path}`)).text());
    baseline = await startStaticServer(html);

    const rows = [];
    for (const page of pages) {
      const ssr = await load(`${store.baseUrl}${page.path}`);
      const plain = await load(`${baseline.baseUrl}${page.path}`);
      const ssrCompressed = await load(`${store.baseUrl}${page.path}`, COMPRESSED);
      const plainCompressed = await load(`${baseline.baseUrl}${page.path}`, COMPRESSED);
      const weight = pageWeight(html.get(page.path));
      rows.push({
        página: page.path.length > 32 ? `${page.path.slice(0, 31)}…` : page.path,
        "SSR req/s": Math.round(ssr.requests.average),
        "SSR p99 ms": ssr.latency.p99,
        "estático req/s": Math.round(plain.requests.average),
        razão: (ssr.requests.average / plain.requests.average).toFixed(3),
        "SSR gz/br req/s": Math.round(ssrCompressed.requests.average),
        "gz/br p99 ms": ssrCompressed.latency.p99,
        "estático gz/br req/s": Math.round(plainCompressed.requests.average),
        "razão gz/br": (ssrCompressed.requests.average / plainCompressed.requests.average).toFixed(3),
        "HTML KB": (Buffer.byteLength(html.get(page.path)) / 1024).toFixed(1),
        "JS gzip KB": (weight.jsGzipBytes / 1024).toFixed(1),
        "arquivos JS": `${weight.scriptFiles} (${weight.externalScripts} + ${weight.inlineScripts} inline)`,
        erros: errorsOf(ssr) + errorsOf(ssrCompressed),
      });
    }
    console.table(rows);
    console.log("Metas: razão ≥ 0,30 (com e sem gz/br); JS ≤ 120 KB gzip e ≤ 10 arquivos; HTML da home ≤ 50 KB.");
    console.log(homeHtmlLine(html.get("/")));

    // The browser's figures on the same server (docs/decisions/0037): Lighthouse mobile, the median of
    // LIGHTHOUSE_RUNS (5) runs per page, with Debian's Chromium.
    console.log("\nLighthouse mobile (mediana de %s execuções por página):", process.env.LIGHTHOUSE_RUNS ?? 5);
    console.table(
      await lighthouseFigures({
        baseUrl: store.baseUrl,
        paths: pages.map((page) => page.path),
        runs: Number(process.env.LIGHTHOUSE_RUNS ?? 5),
      }),
    );
    console.log(LIGHTHOUSE_GOALS);
  } finally {
    baseline?.stop();
    await store.stop();
  }
}

/** The first product page of a few categories that shows stock or seats live (X-Live-Render), if any. */
async function liveStockProductPath(baseUrl) {
  for (const categorySlug of ["cursos", "uniformes"]) {
    const response = await fetch(
      `${baseUrl}/api/products/list-product-by-category-slug/${categorySlug}/store/1/visible/enabled`,
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
    );
    if (!response.ok) continue;
    const { products } = await response.json();
    for (const product of products.slice(0, 20)) {
      const urlPath = `/produto/${categorySlug}/${product.slug}`;
      const page = await fetch(`${baseUrl}${urlPath}`);
      await page.body?.cancel();
      if (page.headers.has("x-live-render")) return urlPath;
    }
  }
  return null;
}

/** Whether the store answered `path` from its page cache (X-Page-Cache: hit), for `headers`. */
async function cacheState(baseUrl, urlPath, headers) {
  const response = await fetch(`${baseUrl}${urlPath}`, { headers: { ...COMPRESSED, ...headers } });
  await response.body?.cancel();
  return response.status !== 200 ? `HTTP ${response.status}` : (response.headers.get("x-page-cache") ?? "render");
}

/**
 * Issue 32: the logged-in home, category and product page against the visitor's cached ones,
 * each pair loaded back to back (one minute apart at most, so the machine's load is the same),
 * with a browser's Accept-Encoding. With DATABASE_URL, a SQLite store and a PostgreSQL one run
 * side by side (the idle one costs nothing) and each page is loaded on both in turn.
 */
async function loggedInFigures() {
  const databases = [["SQLite", { DATABASE_URL: "" }]];
  if (process.env.DATABASE_URL) databases.push(["PostgreSQL", { DATABASE_URL: process.env.DATABASE_URL }]);
  const stores = [];
  try {
    for (const [name, env] of databases) {
      const store = await startStore(env);
      stores.push({ name, store, cookie: await demoCustomerCookie(store.baseUrl) });
    }
    const base = stores[0].store.baseUrl;
    const pages = [
      ["home", "/"],
      ["categoria", "/categoria/papelaria"],
      ["produto", await firstProductPath(base, "papelaria")],
    ];
    // A page showing stock or seats live (decision 0066), kept while its stock stands (0087): a row of its own.
    const live = await liveStockProductPath(base);
    if (live) pages.push(["produto, estoque ao vivo", live]);
    const rows = [];
    const loggedIn = new Map();
    for (const [name, urlPath] of pages) {
      for (const { name: database, store, cookie } of stores) {
        const visitor = await load(`${store.baseUrl}${urlPath}`, COMPRESSED);
        const customer = await load(`${store.baseUrl}${urlPath}`, { ...COMPRESSED, cookie });
        loggedIn.set(`${database} ${urlPath}`, customer);
        rows.push({
          página: name,
          banco: database,
          "visitante req/s": Math.round(visitor.requests.average),
          "visitante p99 ms": visitor.latency.p99,
          "visitante cache": await cacheState(store.baseUrl, urlPath, {}),
          "logado req/s": Math.round(customer.requests.average),
          "logado p99 ms": customer.latency.p99,
          "logado cache": await cacheState(store.baseUrl, urlPath, { cookie }),
          "logado/visitante": (customer.requests.average / visitor.requests.average).toFixed(3),
          erros: errorsOf(visitor) + errorsOf(customer),
        });
      }
    }
    console.log("\nLogado × visitante (a mesma página, medidas seguidas, Accept-Encoding de navegador):");
    console.table(rows);
    console.log("Meta (issue 32): logado/visitante ≥ 0,25 em home, categoria e produto.");
    if (stores.length > 1) {
      console.log("\nPostgreSQL × SQLite, páginas logadas:");
      console.table(
        pages.map(([name, urlPath]) => {
          const sqlite = loggedIn.get(`SQLite ${urlPath}`);
          const postgres = loggedIn.get(`PostgreSQL ${urlPath}`);
          return {
            página: name,
            "SQLite req/s": Math.round(sqlite.requests.average),
            "PostgreSQL req/s": Math.round(postgres.requests.average),
            "PostgreSQL/SQLite": (postgres.requests.average / sqlite.requests.average).toFixed(3),
            "PostgreSQL p99 ms": postgres.latency.p99,
          };
        }),
      );
      console.log(`Meta (issue 32): PostgreSQL/SQLite ≥ 0,8 e p99 < 100 ms com ${CONNECTIONS} conexões.`);
    } else console.log("PostgreSQL: defina DATABASE_URL para medir também (scripts/postgres-cluster.sh).");
  } finally {
    for (const { store } of stores) await store.stop();
  }
}

/** A session of the demo customer, through the login form (its pages come from the shared logged-in page, decision 0084). */
async function demoCustomerCookie(baseUrl) {
  const browser = new Browser(baseUrl, { address: "10.200.0.1" });
  const login = await browser.get("entrar", "/entrar");
  await browser.submit(
    "entrar",
    login,
    'id="login"',
    { email: "demo@lojaescolar.com.br", password: "demo1234" },
    "Acessar",
  );
  return browser.cookieHeader;
}

/** `path` as the store serves it (page 50 of a short category redirects to its last page). */
async function finalPath(baseUrl, urlPath) {
  const response = await fetch(`${baseUrl}${urlPath}`);
  await response.body?.cancel();
  const url = new URL(response.url);
  return url.pathname + url.search;
}

async function catalogueFigures() {
  const sizes = [96, CATALOGUE_SIZE];
  const stores = [];
  try {
    for (const size of sizes) stores.push(await startStore({ SEED_CATALOGUE_SIZE: String(size) }));
    const cookies = await Promise.all(stores.map((store) => demoCustomerCookie(store.baseUrl)));
    const paths = [
      "/",
      "/categoria/papelaria?itens=9",
      "/categoria/papelaria?itens=9&pagina=50",
      "/busca?q=caderno",
      await firstProductPath(stores[0].baseUrl, "papelaria"),
    ];
    const rows = [];
    for (const urlPath of paths) {
      for (const [who, headersOf] of [
        ["visitante", () => ({})],
        ["logado", (i) => ({ cookie: cookies[i] })],
      ]) {
        const results = [];
        for (const [i, store] of stores.entries()) {
          const target = await finalPath(store.baseUrl, urlPath);
          results.push({ target, result: await load(`${store.baseUrl}${target}`, headersOf(i)) });
        }
        const [small, large] = results;
        rows.push({
          página: urlPath,
          quem: who,
          [`${sizes[0]} req/s`]: Math.round(small.result.requests.average),
          [`${sizes[1]} req/s`]: Math.round(large.result.requests.average),
          [`${sizes[1]}/${sizes[0]}`]: (large.result.requests.average / small.result.requests.average).toFixed(2),
          [`p99 ms (${sizes[1]})`]: large.result.latency.p99,
          erros: errorsOf(small.result) + errorsOf(large.result),
          ...(small.target !== large.target ? { nota: `com ${sizes[0]}: ${small.target}` } : {}),
        });
      }
    }
    console.table(rows);
    console.log(`Meta: com ${sizes[1]} produtos, cada página a no máximo 20% do custo com ${sizes[0]} (razão ≥ 0,80).`);
  } finally {
    for (const store of stores) await store.stop();
  }
}

console.log(machineNote());
// The roster import runs the API's code in process: no build needed.
if (process.argv.includes("--roster")) await import("./roster-import.ts");
else if (process.argv.includes("--material-list")) {
  requireBuild("bench");
  await import("./material-list.ts");
} else {
  requireBuild("bench");
  console.log(
    `Benchmark: ${DURATION_S} s por medida, ${CONNECTIONS} conexões, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "(padrão)"}\n`,
  );
  if (process.argv.includes("--catalogue")) await catalogueFigures();
  else if (process.argv.includes("--logged-in")) await loggedInFigures();
  else {
    await pageFigures();
    await loggedInFigures();
  }
}
