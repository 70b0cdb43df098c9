import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { mercadoPagoPageSources } from "#api/payments/mercadopago/page-sources.ts";
import {
  BODY_TOO_LARGE,
  UPLOAD_TOO_LARGE,
  bodyLimit,
  makeCspNonce,
  MAX_BODY_BYTES,
  securityHeaders,
  UPLOAD_MAX_BODY_BYTES,
} from "./security.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

const STAFF_COOKIE = "loja_gestor=sessao-assinada";

/** server.js's security middleware in front of a handler that echoes the body's size. */
async function serverWith(
  https: boolean,
  extraSources?: Parameters<typeof securityHeaders>[0]["extraSources"],
): Promise<string> {
  const app = express();
  app.use(
    makeCspNonce,
    securityHeaders({ https, extraSources }),
    // The storefront checks the cookie's signature; here, one value stands for a signed one.
    bodyLimit({ carriesStaffSession: async (cookie) => cookie === STAFF_COOKIE }),
  );
  app.all("/{*path}", express.text({ type: () => true, limit: "1mb" }), (req, res) => {
    res.send(`lido: ${typeof req.body === "string" ? req.body.length : 0}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A POST that declares `length` bytes and sends none: what a refusal before reading answers. */
function declaringOnly(url: string, length: number, cookie: string): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { cookie, "content-length": String(length) } },
      (reply) => {
        let text = "";
        reply.setEncoding("utf8");
        reply.on("data", (chunk: string) => (text += chunk));
        reply.on("end", () => resolve([reply.statusCode ?? 0, text]));
      },
    );
    request.on("error", reject);
    request.flushHeaders();
  });
}

/** The policy's directives, each with its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
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

  it("with the sandbox, forms post, scripts load and frames come only from the store itself", async () => {
    const csp = directives((await fetch(`${await serverWith(false)}/`)).headers.get("content-security-policy")!);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual([expect.stringMatching(/^'nonce-/), "'strict-dynamic'"]);
  });

  it("with Mercado Pago, its hosted checkout, SDK, API and frames are allowed, and nothing else", async () => {
    const sources = mercadoPagoPageSources("https://api.mercadopago.com");
    const csp = directives(
      (await fetch(`${await serverWith(true, sources)}/`)).headers.get("content-security-policy")!,
    );
    expect(csp["form-action"]).toEqual(["'self'", "https://www.mercadopago.com.br", "https://*.mercadopago.com.br"]);
    expect(csp["script-src"]).toEqual([
      expect.stringMatching(/^'nonce-/),
      "'strict-dynamic'",
      "https://sdk.mercadopago.com",
    ]);
    expect(csp["connect-src"]).toContain("https://api.mercadopago.com");
    expect(csp["frame-src"]).toContain("https://*.mercadopago.com");
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(Object.values(csp).flat()).not.toContain("http://127.0.0.1:4406");
    // A double on loopback stands for the API and the hosted page.
    const double = mercadoPagoPageSources("http://127.0.0.1:4406", "http://127.0.0.1:4406/js/v2");
    expect(
      [double["form-action"], double["connect-src"], double["frame-src"], double["script-src"]].map((list) =>
        list.at(-1),
      ),
    ).toEqual(["http://127.0.0.1:4406", "http://127.0.0.1:4406", "http://127.0.0.1:4406", "http://127.0.0.1:4406"]);
    // Only the SDK's origin may serve scripts: not the double's API when the SDK is the official one.
    expect(mercadoPagoPageSources("http://127.0.0.1:4406")["script-src"]).toEqual(["https://sdk.mercadopago.com"]);
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

  it("lets the catálogo's uploads through past 100 KB, up to their own limit, only there and only with a gestor session", async () => {
    const base = await serverWith(false);
    const staff = { cookie: STAFF_COOKIE };
    const image = await fetch(`${base}/gestor/catalogo/produtos/novo`, {
      method: "POST",
      headers: staff,
      body: "a".repeat(MAX_BODY_BYTES + 1),
    });
    expect(await image.text()).toBe(`lido: ${MAX_BODY_BYTES + 1}`);
    // A visitor (no gestor session): refused before the body is read, not parsed for CSRF to refuse.
    const visitor = await fetch(`${base}/gestor/catalogo/produtos/novo`, {
      method: "POST",
      headers: { cookie: "loja_gestor=forjado" },
      body: "a".repeat(MAX_BODY_BYTES + 1),
    });
    expect([visitor.status, await visitor.text()]).toEqual([413, BODY_TOO_LARGE]);
    // Declared past the uploads' own limit: refused unread, and the staff member is told that limit.
    expect(await declaringOnly(`${base}/gestor/catalogo/importar`, UPLOAD_MAX_BODY_BYTES + 1, STAFF_COOKIE)).toEqual([
      413,
      UPLOAD_TOO_LARGE,
    ]);
    const elsewhere = await fetch(`${base}/gestor/pedidos`, {
      method: "POST",
      headers: staff,
      body: "a".repeat(MAX_BODY_BYTES + 1),
    });
    expect(elsewhere.status).toBe(413);
  });
});
