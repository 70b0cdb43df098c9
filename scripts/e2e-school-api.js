// The school network's store API for school-api.spec.ts (docs/decisions/0026): the built
// bundled API on a fresh demo database, behind the filter of tests/fixtures/spec7-only-api.ts,
// which passes spec §7's calls and answers 404 to anything else. playwright.config.ts gives
// every setting (tests/e2e/support/e2e-env.ts).
import fs from "node:fs";
import path from "node:path";

function setting(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start it through playwright (playwright.config.ts webServer.env)`);
  return value;
}

const dataDir = path.resolve(setting("E2E_DATA_DIR"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= "production";
setting("PUBLIC_URL");
setting("SESSION_SECRET");

// The bundled API as the production build mounts it at /api (app/routes/store-api.ts): the
// route module forwards to it, the shopper's address taken from x-client-address.
const build = await import("../build/server/index.js");
const storeApiRoute = build.routes["routes/store-api"].module;
const { startSpec7OnlyApi } = await import("../tests/fixtures/spec7-only-api.ts");

await startSpec7OnlyApi(
  (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    // The storefront forwards the shopper's address, as a reverse proxy would.
    headers.set("x-client-address", headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown");
    const forwarded = new Request(`http://127.0.0.1/api${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
      duplex: "half",
    });
    const args = { request: forwarded, params: {}, context: {} };
    return request.method === "GET" ? storeApiRoute.loader(args) : storeApiRoute.action(args);
  },
  Number(setting("E2E_SCHOOL_API_PORT")),
);
console.log("API da escola (só o §7) pronta");
