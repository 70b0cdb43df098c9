import { afterEach, describe, expect, it, vi } from "vitest";

const original = process.env.TRUST_PROXY;
afterEach(() => {
  if (original === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = original;
});

async function envWith(trustProxy: string | undefined) {
  vi.resetModules();
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  return (await import("./env.server.ts")).getEnv();
}

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default: the socket's address is the shopper's", async () => {
    expect((await envWith(undefined)).trustProxy).toBe(false);
    expect((await envWith("false")).trustProxy).toBe(false);
  });

  it("takes a hop count or the proxies' own addresses", async () => {
    expect((await envWith("1")).trustProxy).toBe(1);
    expect((await envWith("10.0.0.5, 10.0.0.6 ,loopback")).trustProxy).toEqual(["10.0.0.5", "10.0.0.6", "loopback"]);
  });

  it('refuses "true", which would let any client choose the address the rate limits count', async () => {
    await expect(envWith("true")).rejects.toThrow(/TRUST_PROXY: use o número de proxies à frente da loja/);
  });
});

const PAYMENT_VARIABLES = [
  "PAYMENT_GATEWAY",
  "MERCADOPAGO_ACCESS_TOKEN",
  "MERCADOPAGO_PUBLIC_KEY",
  "MERCADOPAGO_WEBHOOK_SECRET",
  "MERCADOPAGO_API_URL",
  "MERCADOPAGO_SDK_URL",
  "MERCADOPAGO_TIMEOUT_MS",
  "PIX_EXPIRY_MINUTES",
] as const;
const saved = Object.fromEntries(PAYMENT_VARIABLES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of PAYMENT_VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

async function envWithPayment(variables: Partial<Record<(typeof PAYMENT_VARIABLES)[number], string>>) {
  vi.resetModules();
  for (const name of PAYMENT_VARIABLES) {
    if (variables[name] === undefined) delete process.env[name];
    else process.env[name] = variables[name];
  }
  return (await import("./env.server.ts")).getEnv();
}

const credentials = {
  PAYMENT_GATEWAY: "mercadopago",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-1234567890123456-112309-0123456789abcdef0123456789abcdef-123456789",
  MERCADOPAGO_PUBLIC_KEY: "APP_USR-01234567-89ab-cdef-0123-456789abcdef",
  MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
};

describe("PAYMENT_GATEWAY and Mercado Pago's credentials", () => {
  it("use the sandbox by default, with no credentials asked", async () => {
    const env = await envWithPayment({});
    expect([env.PAYMENT_GATEWAY, env.mercadoPago]).toEqual(["sandbox", null]);
  });

  it("take Mercado Pago's credentials, its production API and a 10 s timeout by default", async () => {
    expect((await envWithPayment(credentials)).mercadoPago).toEqual({
      accessToken: credentials.MERCADOPAGO_ACCESS_TOKEN,
      publicKey: credentials.MERCADOPAGO_PUBLIC_KEY,
      webhookSecret: credentials.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: "https://api.mercadopago.com",
      sdkUrl: "https://sdk.mercadopago.com/js/v2",
      timeoutMs: 10_000,
      testMode: false,
    });
    const test = await envWithPayment({
      ...credentials,
      MERCADOPAGO_ACCESS_TOKEN: credentials.MERCADOPAGO_ACCESS_TOKEN.replace("APP_USR", "TEST"),
      MERCADOPAGO_PUBLIC_KEY: credentials.MERCADOPAGO_PUBLIC_KEY.replace("APP_USR", "TEST"),
      MERCADOPAGO_API_URL: "http://127.0.0.1:4406/",
      MERCADOPAGO_SDK_URL: "http://127.0.0.1:4406/js/v2",
      MERCADOPAGO_TIMEOUT_MS: "2500",
    });
    expect(test.mercadoPago).toMatchObject({
      apiUrl: "http://127.0.0.1:4406",
      sdkUrl: "http://127.0.0.1:4406/js/v2",
      timeoutMs: 2500,
      testMode: true,
    });
  });

  it("stop the start naming each missing credential", async () => {
    const error = await envWithPayment({ PAYMENT_GATEWAY: "mercadopago" }).catch((e: unknown) => String(e));
    expect(error).toMatch(/MERCADOPAGO_ACCESS_TOKEN: obrigatório/);
    expect(error).toMatch(/MERCADOPAGO_PUBLIC_KEY: obrigatória/);
    expect(error).toMatch(/MERCADOPAGO_WEBHOOK_SECRET: obrigatória/);
    await expect(envWithPayment({ PAYMENT_GATEWAY: "pagseguro" })).rejects.toThrow(/PAYMENT_GATEWAY: /);
  });

  it("stop the start naming a credential of the wrong shape or from the other environment", async () => {
    await expect(envWithPayment({ ...credentials, MERCADOPAGO_ACCESS_TOKEN: "abc123" })).rejects.toThrow(
      /MERCADOPAGO_ACCESS_TOKEN: não tem a forma de um Access Token/,
    );
    await expect(envWithPayment({ ...credentials, MERCADOPAGO_PUBLIC_KEY: "APP_USR-chave" })).rejects.toThrow(
      /MERCADOPAGO_PUBLIC_KEY: não tem a forma de uma Public Key/,
    );
    await expect(
      envWithPayment({
        ...credentials,
        MERCADOPAGO_PUBLIC_KEY: credentials.MERCADOPAGO_PUBLIC_KEY.replace("APP_USR", "TEST"),
      }),
    ).rejects.toThrow(/MERCADOPAGO_PUBLIC_KEY: é de outro ambiente/);
    await expect(envWithPayment({ ...credentials, MERCADOPAGO_WEBHOOK_SECRET: "curta" })).rejects.toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET: não tem a forma/,
    );
  });

  it("never send the access token over plain HTTP beyond this machine", async () => {
    await expect(envWithPayment({ ...credentials, MERCADOPAGO_API_URL: "http://api.mercadopago.com" })).rejects.toThrow(
      /MERCADOPAGO_API_URL: use https:\/\//,
    );
  });

  it("load MercadoPago.js only over https, beyond this machine: it reads the card typed on the page", async () => {
    await expect(
      envWithPayment({ ...credentials, MERCADOPAGO_SDK_URL: "http://sdk.mercadopago.com/js/v2" }),
    ).rejects.toThrow(/MERCADOPAGO_SDK_URL: use https:\/\//);
    await expect(envWithPayment({ ...credentials, MERCADOPAGO_SDK_URL: "não é endereço" })).rejects.toThrow(
      /MERCADOPAGO_SDK_URL: /,
    );
  });
});

describe("PIX_EXPIRY_MINUTES", () => {
  it("keeps a Pix code payable for 30 minutes by default, or what the operator sets", async () => {
    expect((await envWithPayment({})).PIX_EXPIRY_MINUTES).toBe(30);
    expect((await envWithPayment({ PIX_EXPIRY_MINUTES: "90" })).PIX_EXPIRY_MINUTES).toBe(90);
  });

  it("stops the start naming it when out of bounds (5 minutes to a day)", async () => {
    for (const value of ["2", "1441", "meia hora"])
      await expect(envWithPayment({ PIX_EXPIRY_MINUTES: value })).rejects.toThrow(/PIX_EXPIRY_MINUTES: /);
  });

  it("with Mercado Pago, stops the start under its 30 minutes (the sandbox takes 5)", async () => {
    await expect(envWithPayment({ ...credentials, PIX_EXPIRY_MINUTES: "10" })).rejects.toThrow(
      /PIX_EXPIRY_MINUTES: com o Mercado Pago, pelo menos 30/,
    );
    expect((await envWithPayment({ ...credentials, PIX_EXPIRY_MINUTES: "30" })).PIX_EXPIRY_MINUTES).toBe(30);
    expect((await envWithPayment({ PIX_EXPIRY_MINUTES: "10" })).PIX_EXPIRY_MINUTES).toBe(10);
  });
});
