import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SCRYPT_COST as PRODUCTION_COST } from "#db/scrypt-cost.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";

/** A hash in the stored format, made with any parameters. */
function hashWith(password: string, N: number, r = 8, p = 1) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashes", () => {
  it("are made at OWASP's scrypt cost in the store (the unit tests alias a cheaper one)", () => {
    expect(PRODUCTION_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it("verify the right password only, and need no rewrite when fresh", async () => {
    const stored = await hashPassword("Caderno.Verde7");
    expect(await verifyPassword("Caderno.Verde7", stored)).toBe(true);
    expect(await verifyPassword("Caderno.Verde8", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("still verify a hash of older parameters, which then needs a rewrite", async () => {
    const old = hashWith("Caderno.Verde7", 2 ** 15);
    expect(await verifyPassword("Caderno.Verde7", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuse a stored hash that asks for more work than OWASP's cost, or is malformed", async () => {
    const forged = "scrypt$4194304$8$1$" + "A".repeat(22) + "$" + "A".repeat(86);
    expect(await verifyPassword("x", forged)).toBe(false);
    for (const broken of ["", "bcrypt$x", "scrypt$abc$8$1$s$k", "scrypt$1024$8$1$s$k$extra"]) {
      expect(await verifyPassword("x", broken)).toBe(false);
      expect(needsRehash(broken)).toBe(true);
    }
  });
});
