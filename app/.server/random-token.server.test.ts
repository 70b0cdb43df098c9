import { describe, expect, it } from "vitest";
import { randomToken } from "./random-token.server.ts";

describe("randomToken", () => {
  it("gives values of the asked size that never repeat, across refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const token = randomToken(32, "base64url");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(2_000);
    expect(randomToken(16, "base64")).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("refuses a size the pool cannot give", () => {
    expect(() => randomToken(0, "base64")).toThrow(RangeError);
    expect(() => randomToken(4097, "base64")).toThrow(RangeError);
  });
});
