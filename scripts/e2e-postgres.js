// The store on PostgreSQL with two servers behind a round-robin proxy, for the browser suite's
// "postgres-*" projects (playwright.config.ts; docs/decisions/0035-several-servers.md): a fresh
// database on the PostgreSQL server of E2E_DATABASE_URL (scripts/test.sh starts a throwaway
// one), two built servers (scripts/e2e-server.js) started at the same moment on it, each with its
// own DATA_DIR, and tests/fixtures/round-robin-proxy.ts in front of them on E2E_POSTGRES_PORT.
import { spawn } from "node:child_process";
import pg from "pg";
import { freePort } from "../tests/fixtures/free-port.ts";
import { startRoundRobinProxy } from "../tests/fixtures/round-robin-proxy.ts";
import { e2ePostgresDatabaseUrl } from "../tests/e2e/support/e2e-env.ts";

function setting(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start this through playwright (playwright.config.ts webServer.env)`);
  return value;
}

const proxyPort = Number(setting("E2E_POSTGRES_PORT"));
const databaseUrl = e2ePostgresDatabaseUrl(setting("E2E_DATABASE_URL"), proxyPort);
const database = new URL(databaseUrl).pathname.slice(1);
const admin = new pg.Client({ connectionString: setting("E2E_DATABASE_URL") });
await admin.connect();
await admin.query(`drop database if exists ${database} with (force)`);
await admin.query(`create database ${database}`);
await admin.end();

const backends = [await freePort(), await freePort()];
const servers = backends.map((port, index) =>
  spawn(process.execPath, ["scripts/e2e-server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      E2E_DATA_DIR: `${setting("E2E_DATA_DIR")}-${index + 1}`,
      E2E_POSTGRES_DATABASE_URL: databaseUrl,
      E2E_PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    },
  }),
);
const stop = () => {
  for (const server of servers) server.kill("SIGTERM");
};
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
for (const server of servers) server.on("exit", (code) => code && process.exit(1));

// Both servers must answer before the proxy takes requests (playwright waits for the proxy).
for (const port of backends) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/payment-methods/list-payment-methods`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
await startRoundRobinProxy({ port: proxyPort, backends });
