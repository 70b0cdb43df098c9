// The bench's static baseline (scripts/bench/index.js) in its own process: the same HTML bytes
// the store rendered, served from memory by plain node:http, each also pre-compressed (Brotli
// or gzip, as the request accepts), so the baseline is the physical limit of serving the page.
// Usage: node static-server.js <dir with pages.json> <port>; prints "pronta" once listening.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const [dir, port] = process.argv.slice(2);
/** URL path → file name in `dir`. */
const pages = JSON.parse(fs.readFileSync(path.join(dir, "pages.json"), "utf8"));
const bodies = new Map(
  Object.entries(pages).map(([urlPath, file]) => {
    const html = fs.readFileSync(path.join(dir, file));
    return [urlPath, { html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) }];
  }),
);

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : null;
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : {}),
  });
  res.end(encoding ? body[encoding] : body.html);
});
server.listen(Number(port), "127.0.0.1", () => console.log("pronta"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
