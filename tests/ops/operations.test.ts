// The built server as an operator runs it (docs/decisions/0034-operations.md): the ready line
// only once the port is open, a taken port, JSON request logs without secrets, a graceful
// shutdown that finishes the request under way, and a primary that replaces a killed worker.
// Needs `npm run build`; the test command runs it after the build (scripts/test.sh):
// `npx node --test tests/ops/operations.test.ts`. Runs under plain Node (type stripping).
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort } from "#tests/fixtures/free-port.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-ops-"));
const READY = "Loja Escolar pronta em";

interface Running {
  child: ChildProcess;
  port: number;
  url: string;
  /** Every line the process printed on stdout so far, parsed (each must be JSON). */
  lines: () => Record<string, any>[];
  /** What the process printed on stderr so far (Node's own crashes land there). */
  stderr: () => string;
  /** Resolves with the first line `match` accepts, waiting up to 60 s. */
  waitFor: (match: (line: Record<string, any>) => boolean) => Promise<Record<string, any>>;
  exited: Promise<number | null>;
}

/** server.js on the shared data directory (SQLite), with `env` on top. */
function startServer(env: NodeJS.ProcessEnv, port: number): Running {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      COOKIE_SECURE: "false",
      SESSION_SECRET: "ops-test-secret-not-for-production-0123456789",
      DATABASE_URL: "",
      STORE_API_URL: "",
      SMTP_URL: "",
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = () =>
    stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, any>;
        } catch {
          throw new Error(`a log line is not JSON: ${line}`);
        }
      });
  const waitFor = async (match: (line: Record<string, any>) => boolean) => {
    for (let waited = 0; waited < 60_000; waited += 50) {
      const found = lines().find(match);
      if (found) return found;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such log line; stdout:\n${stdout}\nstderr:\n${stderr}`);
  };
  return { child, port, url: `http://127.0.0.1:${port}`, lines, stderr: () => stderr, waitFor, exited };
}

const isReady = (line: Record<string, any>) => String(line.msg).startsWith(READY);

before(async () => {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("run `npm run build` first");
  // The first start migrates and seeds the data directory every test then shares.
  const server = startServer({}, await freePort());
  await server.waitFor(isReady);
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});

after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

void test("says it is ready only once the port answers, and logs requests as JSON without secrets", async () => {
  const server = startServer({}, await freePort());
  try {
    await server.waitFor(isReady);
    // No retry: the ready line is printed in the listening event, so the port is open now.
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal(ready.headers.get("cache-control"), "no-store");

    const password = "senha-Secreta-987";
    const login = await fetch(`${server.url}/api/accounts/auth-customer?token=abc123`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "teste-ops-1" },
      body: JSON.stringify({ email: "demo@lojaescolar.com.br", password, storeId: 1 }),
    });
    assert.equal(login.headers.get("x-request-id"), "teste-ops-1");
    const line = await server.waitFor((entry) => entry.reqId === "teste-ops-1");
    assert.deepEqual(
      { method: line.method, path: line.path, status: line.status, level: line.level },
      { method: "POST", path: "/api/accounts/auth-customer?token=…", status: login.status, level: "info" },
    );
    assert.equal(typeof line.ms, "number");
    assert.equal(typeof line.time, "string");
    // The probes are at debug level: not in an info log.
    assert.ok(!server.lines().some((entry) => entry.path === "/healthz" || entry.path === "/readyz"));
    const log = JSON.stringify(server.lines());
    assert.ok(!log.includes(password) && !log.includes("abc123"), "a secret reached the log");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

for (const workers of ["1", "4"]) {
  void test(`with ${workers} worker(s), a taken port is one clear line and exit 1, never the ready line`, async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const server = startServer({ WEB_CONCURRENCY: workers }, port);
      assert.equal(await server.exited, 1);
      const lines = server.lines();
      assert.ok(!lines.some(isReady), "printed the ready line");
      const portLines = lines.filter((line) => String(line.msg).includes(`A porta ${port} já está em uso`));
      assert.equal(portLines.length, 1, JSON.stringify(lines));
      assert.equal(portLines[0]!.level, "fatal");
      // The other worker, stopped before its port opened, exits quietly: no Node crash below the line.
      assert.doesNotMatch(server.stderr(), /Error/);
    } finally {
      taken.close();
    }
  });
}

void test("on SIGTERM it stops accepting, finishes the request under way, closes the database and exits 0", async () => {
  const server = startServer({ SHUTDOWN_TIMEOUT_MS: "20000" }, await freePort());
  await server.waitFor(isReady);
  const body = JSON.stringify({ email: "demo@lojaescolar.com.br", password: "errada123", storeId: 1 });
  const half = body.length >> 1;
  const reply = new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/accounts/auth-customer`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": body.length } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, half));
    // The rest once the shutdown has begun: the request is under way all along.
    void server
      .waitFor((line) => String(line.msg).startsWith("Encerrando"))
      .then(async () => {
        await assert.rejects(fetch(`${server.url}/healthz`), "a new connection was accepted while draining");
        assert.equal(server.child.exitCode, null);
        request.end(body.slice(half));
      }, reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.child.kill("SIGTERM");
  assert.equal(await reply, 401);
  assert.equal(await server.exited, 0);
  assert.ok(server.lines().some((line) => line.msg === "Loja encerrada"));
});

void test("the primary replaces a worker that dies, and stops every worker on SIGTERM", async () => {
  const server = startServer({ WEB_CONCURRENCY: "2", LOG_LEVEL: "debug" }, await freePort());
  try {
    await server.waitFor(isReady);
    assert.equal(server.lines().filter(isReady).length, 1);
    const listening = () => server.lines().filter((line) => line.msg === "Processo de trabalho ouvindo");
    assert.equal(listening().length, 2);
    const victim = listening()[0]!.workerPid as number;
    process.kill(victim, "SIGKILL");
    await server.waitFor((line) => line.workerPid === victim && line.signal === "SIGKILL");
    await server.waitFor(() => listening().length === 3);
    for (let i = 0; i < 4; i++) assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
  } finally {
    server.child.kill("SIGTERM");
  }
  assert.equal(await server.exited, 0);
  const closed = server.lines().filter((line) => line.msg === "Loja encerrada");
  assert.equal(closed.length, 2, "each live worker closes its store");
});
