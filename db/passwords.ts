// How a password is kept (the password_hash columns): in db/ so the demo seed and the store API
// hash alike, without the seed importing the API.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
// Imported by this relative path only: the unit tests alias exactly it (vitest.config.ts).
import { SCRYPT_COST as PARAMS } from "./scrypt-cost.ts";

/**
 * scrypt at OWASP's parameters (scrypt-cost.ts, docs/decisions/0014-account-hardening.md).
 * Hashes made with other parameters still verify and are rewritten at the next login.
 */
const KEY_LENGTH = 64;
/** Room for N=2^17, r=8 (128 MiB) and Node's own overhead. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** No stored hash may ask for more work than OWASP's cost: a forged row must not stall the server. */
const MAX_COST = Math.max(PARAMS.N * PARAMS.r * PARAMS.p, 2 ** 17 * 8);

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns a self-describing hash: scrypt$N$r$p$salt$key (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): StoredHash | null {
  const [scheme, n, r, p, saltText, keyText, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText || rest.length > 0) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0) || N * R * P > MAX_COST) return null;
  return { N, r: R, p: P, salt: Buffer.from(saltText, "base64"), key: Buffer.from(keyText, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.key.length, {
    N: hash.N,
    r: hash.r,
    p: hash.p,
    maxmem: MAX_MEMORY,
  });
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** True for a hash made with other parameters than today's: the login that proves the password rewrites it. */
export function needsRehash(stored: string): boolean {
  const hash = parseHash(stored);
  return !hash || hash.N !== PARAMS.N || hash.r !== PARAMS.r || hash.p !== PARAMS.p || hash.key.length !== KEY_LENGTH;
}
