import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRoundRobinProxy } from "#tests/fixtures/round-robin-proxy.ts";

// The e2e suite's proof that a session crosses servers rests on this proxy alternating.
const backends: http.Server[] = [];
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
beforeAll(async () => {
  for (const name of ["a", "b"]) {
    const backend = http.createServer((request, response) =>
      response.end(JSON.stringify({ name, forwardedFor: request.headers["x-forwarded-for"] })),
    );
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    backends.push(backend);
  }
  proxy = await startRoundRobinProxy({
    port: 0,
    backends: backends.map((backend) => (backend.address() as AddressInfo).port),
  });
});
afterAll(async () => {
  await proxy.close();
  for (const backend of backends) await new Promise((resolve) => backend.close(resolve));
});

it("alternates per request, also on one kept-alive connection, and appends the client to X-Forwarded-For", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const replies: { name: string; forwardedFor: string; backend: string; socket: unknown }[] = [];
  for (let request = 0; request < 4; request++) {
    replies.push(
      await new Promise((resolve, reject) => {
        const sent = http.get(
          { port: proxy.port, host: "127.0.0.1", agent, headers: { "x-forwarded-for": "10.1.2.3" } },
          (response) => {
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString()));
            response.on("end", () =>
              resolve({ ...JSON.parse(body), backend: response.headers["x-e2e-backend"], socket: sent.socket }),
            );
          },
        );
        sent.on("error", reject);
      }),
    );
  }
  agent.destroy();

  expect(replies.map((reply) => reply.name)).toEqual(["a", "b", "a", "b"]);
  expect(replies.map((reply) => reply.backend)).toEqual(["1", "2", "1", "2"]);
  expect(new Set(replies.map((reply) => reply.socket)).size).toBe(1);
  expect(replies[0]!.forwardedFor).toBe("10.1.2.3, 127.0.0.1");
  expect(proxy.served()).toEqual([2, 2]);
});
