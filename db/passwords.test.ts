import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ARGON2ID_COST as PRODUCTION_COST } from "#db/password-cost.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";

/** A hash of decision 0014's scrypt format, made with any parameters. */
function scryptHash(password: string, N: number, r = 8, p = 1) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashes", () => {
  it("are made at OWASP's Argon2id cost in the store (the unit tests alias a cheaper one)", () => {
    expect(PRODUCTION_COST).toEqual({ memory: 19 * 1024, passes: 2, parallelism: 1 });
  });

  it("verify the right password only, and need no rewrite when fresh", async () => {
    const stored = await hashPassword("Caderno.Verde7");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=\d+,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("Caderno.Verde7", stored)).toBe(true);
    expect(await verifyPassword("Caderno.Verde8", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("salt each hash: the same password never hashes the same twice", async () => {
    expect(await hashPassword("Caderno.Verde7")).not.toBe(await hashPassword("Caderno.Verde7"));
  });

  it("read the PHC string other Argon2 tools write (the reference implementation's test vector)", async () => {
    // The reference implementation's own test vector (phc-winner-argon2, src/test.c:
    // argon2id, t=2, m=2^16, p=1, "password", "somesalt").
    const reference = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";
    expect(await verifyPassword("password", reference)).toBe(true);
    expect(await verifyPassword("Password", reference)).toBe(false);
    expect(needsRehash(reference)).toBe(true);
  });

  it("still verify decision 0014's scrypt hashes, which then need a rewrite", async () => {
    const old = scryptHash("Caderno.Verde7", 2 ** 15);
    expect(await verifyPassword("Caderno.Verde7", old)).toBe(true);
    expect(await verifyPassword("Caderno.Verde8", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuse a stored hash that asks for more work than today's cost, or is malformed", async () => {
    const salt = "A".repeat(22);
    const key = "A".repeat(43);
    const forged = [
      "scrypt$4194304$8$1$" + salt + "$" + "A".repeat(86),
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=65536,t=3,p=1$${salt}$${key}`,
    ];
    for (const hash of forged) expect(await verifyPassword("x", hash)).toBe(false);
    const broken = [
      "",
      "bcrypt$x",
      "scrypt$abc$8$1$s$k",
      "scrypt$1024$8$1$s$k$extra",
      `scrypt$1024$8$1$${salt}$=`,
      `scrypt$1024$8$1$${salt}$AAAA`,
      `$argon2i$v=19$m=64,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=16$m=64,t=2,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=64,t=2,p=1$${salt}`,
      `$argon2id$v=19$m=64,t=2,p=1$$${key}`,
      `$argon2id$v=19$m=64,t=2,p=1$sal$${key}`,
      `$argon2id$v=19$m=64,t=2,p=1$${salt}$${key}$x`,
    ];
    for (const hash of broken) {
      expect(await verifyPassword("x", hash)).toBe(false);
      expect(needsRehash(hash)).toBe(true);
    }
  });
});
