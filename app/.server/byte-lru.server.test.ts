import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru.server.ts";

describe("the page cache's memory bound", () => {
  it("never holds more bytes than its budget, however many pages a crawler asks for", () => {
    const cache = new ByteLru<string>(10_000);
    for (let i = 0; i < 5_000; i++) {
      cache.set(`/produto/p/${i}`, "page", 300);
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBe(33);
    expect(cache.get("/produto/p/4999")).toBe("page");
    expect(cache.get("/produto/p/0")).toBeUndefined();
  });

  it("evicts the least recently used page first", () => {
    const cache = new ByteLru<string>(300);
    cache.set("a", "A", 100);
    cache.set("b", "B", 100);
    cache.set("c", "C", 100);
    cache.get("a");
    cache.set("d", "D", 100);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.get("d")]).toEqual(["A", undefined, "C", "D"]);
  });

  it("keeps no page larger than the whole budget, and counts a replaced page once", () => {
    const cache = new ByteLru<string>(300);
    cache.set("big", "X", 301);
    expect(cache.size).toBe(0);
    cache.set("a", "A", 100);
    cache.set("a", "A2", 150);
    expect(cache.bytes).toBe(150);
  });
});
