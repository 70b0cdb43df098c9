import { describe, expect, it } from "vitest";
import { acceptsGzip, pageCacheSettings } from "./settings.ts";

describe("page cache settings", () => {
  it("read PAGE_CACHE_MB, 0 turning the cache off, and refuse a bad value in Portuguese", () => {
    expect(pageCacheSettings({}).maxBytes).toBe(32 * 1024 * 1024);
    expect(pageCacheSettings({ PAGE_CACHE_MB: "0" }).maxBytes).toBe(0);
    expect(() => pageCacheSettings({ PAGE_CACHE_MB: "muito" })).toThrow(/PAGE_CACHE_MB inválido/);
  });

  it("share logged-in parents' pages unless PAGE_CACHE_LOGGED_IN=0, and refuse another value", () => {
    expect(pageCacheSettings({}).loggedIn).toBe(true);
    expect(pageCacheSettings({ PAGE_CACHE_LOGGED_IN: "0" }).loggedIn).toBe(false);
    expect(() => pageCacheSettings({ PAGE_CACHE_LOGGED_IN: "sim" })).toThrow(/PAGE_CACHE_LOGGED_IN inválido/);
  });
});

describe("the encoding of a cached page", () => {
  it("is gzip whenever the browser takes it, even when it offers Brotli too", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
  });

  it("is plain when gzip is not offered or refused", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
  });
});
