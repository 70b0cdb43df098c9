import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { storeTermsContracts, TERMS_CACHE_MS } from "./shell.server.ts";

const storeAnswering = (getStore: () => Promise<{ termsContracts: string }>) =>
  ({ getStore: vi.fn(getStore) }) as unknown as StoreApiClient & { getStore: ReturnType<typeof vi.fn> };

afterEach(() => vi.restoreAllMocks());

describe("storeTermsContracts", () => {
  it("is the store API's termsContracts (spec §7), asked once per cache period, then TERMS_URL's fallback only while the API fails", async () => {
    process.env.TERMS_URL = "https://configurado.example/termos";
    vi.spyOn(console, "error").mockImplementation(() => {});
    const start = 1_000_000_000_000;
    const api = storeAnswering(async () => ({ termsContracts: "https://loja.example/termos-de-uso" }));
    expect(await storeTermsContracts(api, start)).toBe("https://loja.example/termos-de-uso");
    expect(await storeTermsContracts(api, start + 1000)).toBe("https://loja.example/termos-de-uso");
    expect(api.getStore).toHaveBeenCalledTimes(1);

    // A failure later keeps the last address the API gave.
    const failing = storeAnswering(() => Promise.reject(new Error("fora do ar")));
    expect(await storeTermsContracts(failing, start + TERMS_CACHE_MS + 1)).toBe("https://loja.example/termos-de-uso");

    // Not a web address: never put in a link.
    const odd = storeAnswering(async () => ({ termsContracts: "javascript:alert(1)" }));
    const later = start + 10 * TERMS_CACHE_MS;
    expect(await storeTermsContracts(odd, later)).toBe("https://loja.example/termos-de-uso");
    expect(odd.getStore).toHaveBeenCalledTimes(1);
  });

  it("is TERMS_URL while the store API has never answered", async () => {
    process.env.TERMS_URL = "https://configurado.example/termos";
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.resetModules();
    const fresh = await import("./shell.server.ts");
    const failing = storeAnswering(() => Promise.reject(new Error("fora do ar")));
    expect(await fresh.storeTermsContracts(failing)).toBe("https://configurado.example/termos");
  });
});
