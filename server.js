// The production server: static assets, the storefront and the bundled store API
// (/api) in one Node process. `npm start` runs it after `npm run build`.
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads: it picks its production or development build from NODE_ENV.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
// Node 24 runs these TypeScript modules as they are (types stripped).
const { bodyLimit, makeCspNonce, permissionsPolicy, securityHeaders } = await import("./server/security.ts");
const { httpErrorHandler, requestLog } = await import("./server/request-log.ts");
const { pageCache } = await import("./server/page-cache/index.ts");

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(root, "build/server/index.js"));

// Configuration checked, database migrated and seeded before the first request; a setting
// that would be a mistake stops here with one line each, never a stack trace.
let settings;
try {
  settings = await build.entry.module.prepareStore();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// A hop count or the proxies' own addresses (README "Configuration"), never "trust everyone":
// otherwise any client could choose the address that rate limits count.
app.set("trust proxy", settings.trustProxy);
if (process.env.LOG_REQUESTS !== "false") app.use(requestLog);
app.use(
  makeCspNonce,
  securityHeaders({ https: settings.https, extraSources: settings.pageSources }),
  permissionsPolicy,
);
app.use(bodyLimit);
// Anonymous catalogue pages from memory, gzip-encoded itself (docs/decisions/0036): before compression().
app.use(pageCache(build));
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
);
app.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));

// The storefront and the API limit by the shopper's address: only the socket's
// (or, behind a trusted proxy, the one it reports) may be used, never a header a browser sets.
app.use((req, _res, next) => {
  req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

app.all(
  "/{*path}",
  createRequestHandler({
    build,
    getLoadContext: (_req, res) => build.entry.module.loadContextFor(res.locals.cspNonce),
  }),
);
app.use(httpErrorHandler);

const server = app.listen(settings.port, settings.host, () => {
  console.log(`Loja Escolar pronta em http://localhost:${settings.port}`);
});
server.on("error", (error) => {
  console.error(`Não foi possível abrir a porta ${settings.port}: ${error.message}`);
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
