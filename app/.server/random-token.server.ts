import { randomFillSync } from "node:crypto";

/**
 * Per-request random values (the CSP nonce, a new visitor's CSRF token) drawn from a pool the
 * system's CSPRNG fills 4 KB at a time, each byte used once: a `randomBytes` call per value cost
 * about 6% of a cached page's CPU (docs/decisions/0036-page-cache.md). Node's own
 * `crypto.randomUUID` keeps such a pool for the same reason.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let used = POOL_BYTES;

/** `bytes` fresh random bytes (at most 4096) as base64 or base64url text. */
export function randomToken(bytes: number, encoding: "base64" | "base64url"): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`bytes: ${bytes}`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString(encoding, used, used + bytes);
  used += bytes;
  return token;
}
