// The production server: static assets, the storefront and the bundled store API (/api).
// `npm start` runs it after `npm run build`. With WEB_CONCURRENCY > 1 this process is the
// primary of that many worker processes, each running this file (server/cluster.ts);
// docs/decisions/0002-custom-node-server.md and 0034-operations.md say why.
// First: on a Node older than the project's, one line saying which one to use, and exit.
import "./server/node-version.js";
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads: it picks its production or development build from NODE_ENV.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
// Node 24 runs these TypeScript modules as they are (types stripped).
const { processSettings } = await import("./server/settings.ts");
const { createLogger, routeConsoleTo } = await import("./server/logger.ts");
const { bodyLimit, makeCspNonce, permissionsPolicy, securityHeaders } = await import("./server/security.ts");
const { httpErrorHandler, requestLog } = await import("./server/request-log.ts");
const { healthRoutes } = await import("./server/health.ts");
const { gracefulShutdown } = await import("./server/shutdown.ts");
const { onPrimaryShutdown, reportCannotListen, runPrimary } = await import("./server/cluster.ts");
const { pageCache } = await import("./server/page-cache/index.ts");

const root = path.dirname(fileURLToPath(import.meta.url));

let ops;
try {
  ops = processSettings(process.env);
} catch (error) {
  createLogger("info").fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// Every line the process prints is JSON, the store's own console calls included.
const logger = createLogger(ops.logLevel);
routeConsoleTo(logger);
const role = ops.workers > 1 && cluster.isPrimary ? "primary" : "server";

/** The running server's shutdown; a worker asked to stop while it still starts just exits. */
let shutdown;
if (cluster.isWorker) onPrimaryShutdown(() => (shutdown ? shutdown.begin("primário") : process.exit(0)));

const build = await import(path.join(root, "build/server/index.js"));

// Configuration checked, database migrated and seeded before the first request (by the primary
// alone, once, when there are workers); a setting that would be a mistake stops here with one
// line each, never a stack trace.
let settings;
try {
  settings = await build.entry.module.prepareStore(role);
} catch (error) {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const readyLine = `Loja Escolar pronta em http://localhost:${settings.port}`;

if (role === "primary") {
  runPrimary({
    workers: ops.workers,
    logger,
    readyLine,
    shutdownTimeoutMs: ops.shutdownTimeoutMs,
    script: fileURLToPath(import.meta.url),
  });
} else {
  serve();
}

function serve() {
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' own addresses (docs/configuration.md, TRUST_PROXY), never "trust everyone":
  // otherwise any client could choose the address that rate limits count.
  app.set("trust proxy", settings.trustProxy);
  const server = http.createServer(app);
  // Idle kept-alive connections outlive a load balancer's own (server/settings.ts): never a 502
  // for a request sent on a connection this server is closing.
  server.keepAliveTimeout = ops.keepAliveTimeoutMs;
  // Longer than the idle wait, or a kept-alive connection's next request could be judged late
  // (nodejs/node#27363); within Node's 300 s for a whole request (settings.ts caps the idle wait).
  server.headersTimeout = ops.keepAliveTimeoutMs + 5_000;
  shutdown = gracefulShutdown({
    server,
    logger,
    timeoutMs: ops.shutdownTimeoutMs,
    closeStore: build.entry.module.closeStore,
  });

  // The middleware, in order:
  // 1. request id and request log; replies while shutting down close their connection
  app.use(requestLog(logger, { perRequest: ops.logRequests }), shutdown.closeConnectionsWhileDraining);
  // 2. health probes, before anything a shopper's request goes through
  app.use(healthRoutes({ notReadyReason: build.entry.module.storeNotReadyReason, draining: shutdown.draining }));
  // 3. security headers (per-request CSP nonce), then the body limit
  app.use(
    makeCspNonce,
    securityHeaders({ https: settings.https, extraSources: settings.pageSources }),
    permissionsPolicy,
  );
  app.use(bodyLimit({ carriesStaffSession: build.entry.module.carriesStaffSession }));
  // 4. anonymous catalogue pages from memory, gzip-encoded by the cache itself (docs/decisions/0036),
  //    then compression for the rest, then static files (hashed assets cached for a year)
  app.use(pageCache(build));
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  app.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
  // 5. the shopper's address: only the socket's (or, behind a trusted proxy, the one it reports)
  //    may be used for the rate limits, never a header a browser sets
  app.use((req, _res, next) => {
    req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  // 6. the storefront and /api; the storefront notes the customer's id for the request log
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      getLoadContext: (_req, res) =>
        build.entry.module.loadContextFor(res.locals.cspNonce, res.locals.logFields, res.locals.pageCacheCarry),
    }),
  );
  // 7. errors Express itself met (a bad URL escape, a malformed request)
  app.use(httpErrorHandler(logger));

  // Ready only once the port is open: a taken port never prints it.
  server.once("listening", () => {
    if (cluster.isWorker) logger.debug("Processo de trabalho pronto");
    else logger.info(readyLine);
  });
  server.once("error", (error) => {
    const text =
      error.code === "EADDRINUSE"
        ? `A porta ${settings.port} já está em uso: encerre o outro processo ou escolha outra porta em PORT.`
        : `Não foi possível abrir a porta ${settings.port}: ${error.message}`;
    if (cluster.isWorker) return reportCannotListen(text);
    logger.fatal(text);
    process.exit(1);
  });

  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => shutdown.begin(signal));
  server.listen(settings.port, settings.host);
}
