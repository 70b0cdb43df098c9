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
