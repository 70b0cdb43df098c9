import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimit, makeCspNonce, MAX_BODY_BYTES, securityHeaders } from "./security.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** server.js's security middleware in front of a handler that echoes the body's size. */
async function serverWith(https: boolean): Promise<string> {
  const app = express();
  app.use(makeCspNonce, securityHeaders({ https }), bodyLimit);
  app.all("/{*path}", express.text({ type: () => true, limit: "1mb" }), (req, res) => {
    res.send(`lido: ${typeof req.body === "string" ? req.body.length : 0}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("server security middleware", () => {
  it("over HTTPS: HSTS for a year with subdomains, and insecure subresources upgraded", async () => {
    const reply = await fetch(`${await serverWith(true)}/`);
    expect(reply.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(reply.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("over plain HTTP (the demo on localhost): neither, so the browser is not locked out", async () => {
    const reply = await fetch(`${await serverWith(false)}/`);
    expect(reply.headers.get("strict-transport-security")).toBeNull();
    expect(reply.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("a new nonce in every response's script-src", async () => {
    const base = await serverWith(false);
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () => /'nonce-([^']+)'/.exec((await fetch(base)).headers.get("content-security-policy")!)![1],
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("refuses a body over the limit without reading it, in the API's JSON shape under /api", async () => {
    const base = await serverWith(false);
    const fits = await fetch(`${base}/entrar`, { method: "POST", body: "a".repeat(MAX_BODY_BYTES) });
    expect(await fits.text()).toBe(`lido: ${MAX_BODY_BYTES}`);
    const page = await fetch(`${base}/entrar`, { method: "POST", body: "a".repeat(MAX_BODY_BYTES + 1) });
    expect([page.status, await page.text()]).toEqual([
      413,
      "O envio é grande demais (máximo de 100 KB). Revise os dados e tente novamente.",
    ]);
    const api = await fetch(`${base}/api/customers/create-customer`, {
      method: "POST",
      body: "a".repeat(MAX_BODY_BYTES + 1),
    });
    expect([api.status, await api.json()]).toEqual([
      413,
      { error: { message: "O envio é grande demais (máximo de 100 KB). Revise os dados e tente novamente." } },
    ]);
  });
});
