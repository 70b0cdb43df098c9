// Prints the storefront's speed figures: requests/second for the home, a category
// and a product page under load, next to the same HTML served as a static file by a
// plain Node http server (the ratio is the figure), and the gzip bytes of JavaScript
// each page loads. Run after `npm run build`: `npm run bench`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STORE_PORT = 3901;
const STATIC_PORT = 3902;
const root = path.resolve(import.meta.dirname, "..");

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Rode `npm run build` antes do benchmark.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-bench-"));
const store = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(STORE_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    NODE_ENV: "production",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForStore() {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${STORE_PORT}/api/payment-methods/list-payment-methods`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("a loja não respondeu em 20 s");
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function scriptsOf(html) {
  const files = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) files.add(match[1]);
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) files.add(match[1]);
  return [...files];
}

function gzipBytesOfJs(html) {
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
  let total = zlib.gzipSync(inline).length;
  for (const file of scriptsOf(html)) {
    total += zlib.gzipSync(fs.readFileSync(path.join(root, "build/client", file))).length;
  }
  return { total, files: scriptsOf(html).length };
}

try {
  await waitForStore();
  const { products } = await (
    await fetch(
      `http://127.0.0.1:${STORE_PORT}/api/products/list-product-by-category-slug/cursos/store/1/visible/enabled`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      },
    )
  ).json();
  const pages = [
    { name: "home", path: "/" },
    { name: "categoria", path: "/categoria/papelaria" },
    { name: "produto", path: `/produto/cursos/${products[0].slug}` },
  ];

  const html = new Map();
  for (const page of pages)
    html.set(page.path, await (await fetch(`http://127.0.0.1:${STORE_PORT}${page.path}`)).text());

  const staticServer = http.createServer((req, res) => {
    const body = html.get(req.url);
    res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(body ?? "");
  });
  await new Promise((resolve) => staticServer.listen(STATIC_PORT, "127.0.0.1", resolve));

  console.log(
    `Benchmark: ${DURATION_S}s por página, ${CONNECTIONS} conexões, ${os.cpus().length} núcleos, Node ${process.version}\n`,
  );
  const rows = [];
  for (const page of pages) {
    const ssr = await load(`http://127.0.0.1:${STORE_PORT}${page.path}`);
    const plain = await load(`http://127.0.0.1:${STATIC_PORT}${page.path}`);
    const js = gzipBytesOfJs(html.get(page.path));
    rows.push({
      página: page.path,
      "SSR req/s": Math.round(ssr.requests.average),
      "SSR p99 ms": ssr.latency.p99,
      "estático req/s": Math.round(plain.requests.average),
      "SSR/estático": (ssr.requests.average / plain.requests.average).toFixed(3),
      "HTML KB": (Buffer.byteLength(html.get(page.path)) / 1024).toFixed(1),
      "JS gzip KB": (js.total / 1024).toFixed(1),
      "arquivos JS": js.files,
      erros: ssr.errors + ssr.non2xx,
    });
  }
  console.table(rows);
  staticServer.close();
} finally {
  store.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
