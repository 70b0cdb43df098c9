import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { healthRoutes, type HealthOptions } from "./health.ts";
import { httpErrorHandler, redactedUrl, requestLog, type ResponseLocals } from "./request-log.ts";

describe("redactedUrl", () => {
  it.each([
    ["/resetar-senha/Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg", "/resetar-senha/…"],
    ["/resetar-senha/Zm9vYmFy.data?_routes=routes%2Freset-password", "/resetar-senha/…?_routes=…"],
    ["/api/customers/reset-password/Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg", "/api/customers/reset-password/…"],
    ["/boleto/3b241101-e2bb-4255-8caf-4136c566a962", "/boleto/…"],
    [
      "/comprovantePublico/3b241101-e2bb-4255-8caf-4136c566a962/9c8e1b7a-0000-4000-8000-000000000001",
      "/comprovantePublico/…",
    ],
    ["/api/sales/boleto/3b241101-e2bb-4255-8caf-4136c566a962/store/1", "/api/sales/boleto/…"],
    [
      "/api/sales/list-sale-by-customer-id/3b241101-e2bb-4255-8caf-4136c566a962/store/1",
      "/api/sales/list-sale-by-customer-id/…/store/1",
    ],
    ["/busca?termo=maria%40exemplo.com", "/busca?termo=…"],
    [
      "/gestor/definir-senha?token=abc123&codigo=998877&senha=segredo",
      "/gestor/definir-senha?token=…&codigo=…&senha=…",
    ],
    ["/?index&retorno=%2Fconta%3Fx%3D1", "/?index&retorno=…"],
    ["/x?maria%40exemplo.com=1#frag", "/x?…=…"],
    ["/categoria/papelaria", "/categoria/papelaria"],
  ])("logs %s as %s", (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});

/** An Express app with the request log in front of `routes`, logging into `lines`. */
async function loggedApp(routes: (app: express.Express) => void, perRequest = true) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: "info", formatters: { level: (label) => ({ level: label }) } }, sink);
  const app = express();
  app.use(requestLog(logger, { perRequest }));
  routes(app);
  app.use(httpErrorHandler(logger));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { lines, url: `http://127.0.0.1:${port}` };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("requestLog", () => {
  it("writes one JSON line a request: its id, method, redacted path, status, time and the customer", async () => {
    const { lines, url } = await loggedApp((app) =>
      app.get("/{*path}", (_req, res: express.Response<unknown, ResponseLocals>) => {
        res.locals.logFields.customerId = "3b241101-e2bb-4255-8caf-4136c566a962";
        res.status(201).send("ok");
      }),
    );
    const response = await fetch(`${url}/resetar-senha/Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg?senha=segredo123`);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      reqId: requestId,
      method: "GET",
      path: "/resetar-senha/…?senha=…",
      status: 201,
      customerId: "3b241101-e2bb-4255-8caf-4136c566a962",
      msg: "GET /resetar-senha/…?senha=… 201",
    });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toMatch(/Zm9vYmFy|segredo123/);
  });

  it("keeps a plain X-Request-Id from the proxy and replaces one that could forge a log line", async () => {
    const { url } = await loggedApp((app) => app.get("/", (_req, res) => res.send("ok")));
    const kept = await fetch(url, { headers: { "x-request-id": "nginx-7f3a.91" } });
    expect(kept.headers.get("x-request-id")).toBe("nginx-7f3a.91");
    const forged = await fetch(url, { headers: { "x-request-id": 'x" "level":"fatal' } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the health probes only at debug level, and no request at all with LOG_REQUESTS=false", async () => {
    const probed = await loggedApp((app) =>
      app.use(healthRoutes({ notReadyReason: () => Promise.resolve(null), draining: () => false })),
    );
    await fetch(`${probed.url}/healthz`);
    await fetch(`${probed.url}/readyz`);
    const quiet = await loggedApp((app) => app.get("/", (_req, res) => res.send("ok")), false);
    const reply = await fetch(quiet.url);
    expect(reply.headers.get("x-request-id")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...probed.lines, ...quiet.lines]).toEqual([]);
  });

  it("logs a failure Express met as an error with its request id, and answers in Portuguese", async () => {
    const { lines, url } = await loggedApp((app) =>
      app.get("/falha", () => {
        throw new Error("boom");
      }),
    );
    const response = await fetch(`${url}/falha`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Erro interno no servidor. Tente novamente em instantes.");
    await expect.poll(() => lines.length).toBe(2);
    const failure = lines.find((line) => line.err);
    expect(failure).toMatchObject({ level: "error", reqId: response.headers.get("x-request-id"), path: "/falha" });
    expect(lines.find((line) => line.status === 500)).toMatchObject({ level: "error" });
  });
});

describe("healthRoutes", () => {
  async function probe(options: HealthOptions, path: string) {
    const { url } = await loggedApp((app) => app.use(healthRoutes(options)));
    const response = await fetch(`${url}${path}`);
    return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
  }
  const ready: HealthOptions = { notReadyReason: () => Promise.resolve(null), draining: () => false };

  it("says the process is alive without asking the database", async () => {
    const database = vi.fn(() => Promise.resolve("banco inacessível"));
    expect(await probe({ notReadyReason: database, draining: () => false }, "/healthz")).toEqual({
      status: 200,
      cache: "no-store",
      body: { status: "ok" },
    });
    expect(database).not.toHaveBeenCalled();
  });

  it("is ready when the store is, and says why not otherwise, uncached", async () => {
    expect(await probe(ready, "/readyz")).toEqual({ status: 200, cache: "no-store", body: { status: "pronta" } });
    expect(
      await probe({ ...ready, notReadyReason: () => Promise.resolve("migrações pendentes: 0026-x") }, "/readyz"),
    ).toEqual({
      status: 503,
      cache: "no-store",
      body: { status: "indisponível", reason: "migrações pendentes: 0026-x" },
    });
    expect((await probe({ ...ready, notReadyReason: () => Promise.reject(new Error("x")) }, "/readyz")).status).toBe(
      503,
    );
  });

  it("is not ready while the process shuts down, so the balancer sends shoppers elsewhere", async () => {
    expect(await probe({ ...ready, draining: () => true }, "/readyz")).toMatchObject({
      status: 503,
      body: { reason: "encerrando" },
    });
  });
});
