// The production server: static assets, the storefront and the bundled store API
// (/api) in one Node process. `npm start` runs it after `npm run build`.
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads: it picks its production or development build from NODE_ENV.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const trustProxy = process.env.TRUST_PROXY === "true";

const build = await import(path.join(root, "build/server/index.js"));
// Configuration checked, database migrated and seeded before the first request.
await build.entry.module.prepareStore();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy);
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

if (process.env.LOG_REQUESTS !== "false") {
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms`);
    });
    next();
  });
}

app.all("/{*path}", createRequestHandler({ build }));

const server = app.listen(port, host, () => {
  console.log(`Loja Escolar pronta em http://localhost:${port}`);
});
server.on("error", (error) => {
  console.error(`Não foi possível abrir a porta ${port}: ${error.message}`);
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
