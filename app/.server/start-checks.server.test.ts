import { describe, expect, it } from "vitest";
import type { Env } from "./env.server.ts";
import { startProblems } from "./start-checks.server.ts";

const demo = {
  isProduction: true,
  HOST: "127.0.0.1",
  PUBLIC_URL: undefined,
  publicUrl: "http://localhost:3000",
  STORE_API_URL: undefined,
  SEED_DEMO_DATA: "true",
  ALLOW_DEMO: "false",
  PAYMENT_GATEWAY: "sandbox",
  mercadoPago: null,
  contactEmailSet: true,
} as const;
const mercadoPago = {
  accessToken: "TEST-1234567890123456-112309-0123456789abcdef0123456789abcdef-123456789",
  publicKey: "TEST-01234567-89ab-cdef-0123-456789abcdef",
  webhookSecret: "0123456789abcdef0123456789abcdef",
  apiUrl: "https://api.mercadopago.com",
  sdkUrl: "https://sdk.mercadopago.com/js/v2",
  timeoutMs: 10_000,
  testMode: true,
};
const problemsOf = (overrides: Partial<Env>) => startProblems({ ...demo, ...overrides } as Env);

describe("start checks", () => {
  it("let the README's demo start on localhost", () => {
    expect(problemsOf({})).toEqual([]);
  });

  it("want PUBLIC_URL before a production store listens beyond this machine", () => {
    expect(problemsOf({ HOST: "0.0.0.0" })).toEqual([expect.stringMatching(/^PUBLIC_URL: /)]);
    expect(problemsOf({ HOST: "0.0.0.0", isProduction: false })).toEqual([]);
    expect(problemsOf({ HOST: "0.0.0.0", PUBLIC_URL: "http://192.168.0.10:3000" })).toEqual([]);
  });

  it("refuse the demo seed and the sandbox gateway on an https address unless ALLOW_DEMO=true", () => {
    const https = { PUBLIC_URL: "https://loja.escola.com.br", publicUrl: "https://loja.escola.com.br" };
    const [problem] = problemsOf(https);
    expect(problem).toMatch(/^ALLOW_DEMO: .*gateway de pagamento de testes.*SEED_DEMO_DATA=true.*ALLOW_DEMO=true/);
    expect(problemsOf({ ...https, SEED_DEMO_DATA: "false" })[0]).not.toMatch(/SEED_DEMO_DATA/);
    expect(problemsOf({ ...https, ALLOW_DEMO: "true" })).toEqual([]);
    // Against the school's own store API, neither the seed nor the sandbox is in play.
    expect(problemsOf({ ...https, STORE_API_URL: "https://api.escola.com.br" })).toEqual([]);
  });

  it("let Mercado Pago with production credentials start on https without ALLOW_DEMO, but not its test credentials", () => {
    const https = { PUBLIC_URL: "https://loja.escola.com.br", publicUrl: "https://loja.escola.com.br" };
    const live = { ...mercadoPago, testMode: false };
    expect(
      problemsOf({ ...https, PAYMENT_GATEWAY: "mercadopago", mercadoPago: live, SEED_DEMO_DATA: "false" }),
    ).toEqual([]);
    // The demo seed still needs it, whatever the gateway.
    expect(problemsOf({ ...https, PAYMENT_GATEWAY: "mercadopago", mercadoPago: live })).toEqual([
      "ALLOW_DEMO: PUBLIC_URL é https, mas a API embutida usa os dados de demonstração (SEED_DEMO_DATA=true); defina ALLOW_DEMO=true se for de propósito.",
    ]);
    const [test] = problemsOf({ ...https, PAYMENT_GATEWAY: "mercadopago", mercadoPago, SEED_DEMO_DATA: "false" });
    expect(test).toMatch(/^ALLOW_DEMO: .*credenciais de teste do Mercado Pago/);
    expect(problemsOf({ ...https, PAYMENT_GATEWAY: "mercadopago", mercadoPago, ALLOW_DEMO: "true" })).toEqual([]);
  });

  it("want the central's own CONTACT_EMAIL on an https store whose bundled API mails it the Fale conosco tickets", () => {
    const live = {
      PUBLIC_URL: "https://loja.escola.com.br",
      publicUrl: "https://loja.escola.com.br",
      SEED_DEMO_DATA: "false",
    } as const;
    const realGateway = { PAYMENT_GATEWAY: "mercadopago", mercadoPago: { ...mercadoPago, testMode: false } } as const;
    expect(problemsOf({ ...live, ...realGateway, contactEmailSet: false })).toEqual([
      expect.stringMatching(/^CONTACT_EMAIL: .*Fale conosco/),
    ]);
    expect(problemsOf({ ...live, ...realGateway })).toEqual([]);
    // A staging site on purpose, the school's own API (it mails its tickets itself), or plain http.
    expect(problemsOf({ ...live, ...realGateway, contactEmailSet: false, ALLOW_DEMO: "true" })).toEqual([]);
    expect(problemsOf({ ...live, contactEmailSet: false, STORE_API_URL: "https://api.escola.com.br" })).toEqual([]);
    expect(problemsOf({ contactEmailSet: false })).toEqual([]);
  });

  it("refuse PAYMENT_GATEWAY against another store API, which charges by itself", () => {
    expect(
      problemsOf({ PAYMENT_GATEWAY: "mercadopago", mercadoPago, STORE_API_URL: "https://api.escola.com.br" }),
    ).toEqual([expect.stringMatching(/^PAYMENT_GATEWAY: com STORE_API_URL quem cobra é a API externa/)]);
  });
});
