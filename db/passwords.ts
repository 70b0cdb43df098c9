// How a password is kept (the password_hash columns): in db/ so the demo seed and the store API
// hash alike, without the seed importing the API.
import { argon2 as argon2Callback, randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
// Imported by this relative path only: the unit tests alias exactly it (vitest.config.ts).
import { ARGON2ID_COST as COST } from "./password-cost.ts";

/**
 * Argon2id at OWASP's parameters (password-cost.ts, docs/decisions/0088-argon2id-passwords.md),
 * written in the PHC string format that libargon2 and other tools read:
 * `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<key>` (base64 without padding).
 * Hashes of decision 0014's scrypt (`scrypt$N$r$p$salt$key`) still verify, and the login that
 * proves the password rewrites them (needsRehash).
 */
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const ARGON2_VERSION = 19;
/**
 * The most work (KiB × passes) a stored hash may ask, so that a forged row cannot stall the
 * server: 64 MiB × 2 passes, room for a cost raised later and a third of a second per check,
 * below the scrypt of decision 0014.
 */
const MAX_ARGON2_WORK = Math.max(COST.memory * COST.passes, 64 * 1024 * 2);
/** Decision 0014's scrypt, N=2^17, r=8 (128 MiB): the most an old hash may ask. */
const MAX_SCRYPT_COST = 2 ** 17 * 8;
const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

const normalized = (password: string) => password.normalize("NFKC");
const unpadded = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

function argon2id(password: string, salt: Buffer, cost: Argon2idCost, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2Callback(
      "argon2id",
      {
        message: normalized(password),
        nonce: salt,
        tagLength,
        memory: cost.memory,
        passes: cost.passes,
        parallelism: cost.parallelism,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function scrypt(password: string, hash: ScryptHash): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const options = { N: hash.N, r: hash.r, p: hash.p, maxmem: SCRYPT_MAX_MEMORY };
    scryptCallback(normalized(password), hash.salt, hash.key.length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns a self-describing hash in the PHC string format. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await argon2id(password, salt, COST, KEY_LENGTH);
  const { memory, passes, parallelism } = COST;
  return `$argon2id$v=${ARGON2_VERSION}$m=${memory},t=${passes},p=${parallelism}$${unpadded(salt)}$${unpadded(key)}`;
}

interface Argon2idCost {
  memory: number;
  passes: number;
  parallelism: number;
}
interface Argon2idHash extends Argon2idCost {
  scheme: "argon2id";
  salt: Buffer;
  key: Buffer;
}
interface ScryptHash {
  scheme: "scrypt";
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const positiveInteger = (value: number) => Number.isSafeInteger(value) && value > 0;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function parseArgon2id(stored: string): Argon2idHash | null {
  const match = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!match) return null;
  const [, version, m, t, p, saltText, keyText] = match as unknown as string[];
  const [memory, passes, parallelism] = [Number(m), Number(t), Number(p)];
  if (Number(version) !== ARGON2_VERSION || ![memory, passes, parallelism].every(positiveInteger)) return null;
  if (memory * passes > MAX_ARGON2_WORK || memory < 8 * parallelism || passes < 2) return null;
  if (!BASE64.test(saltText!) || !BASE64.test(keyText!)) return null;
  const [salt, key] = [Buffer.from(saltText!, "base64"), Buffer.from(keyText!, "base64")];
  if (salt.length < 8 || key.length < 16) return null;
  return { scheme: "argon2id", memory, passes, parallelism, salt, key };
}

function parseScrypt(stored: string): ScryptHash | null {
  const [scheme, n, r, p, saltText, keyText, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText || rest.length > 0) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every(positiveInteger) || N * R * P > MAX_SCRYPT_COST) return null;
  const [salt, key] = [Buffer.from(saltText, "base64"), Buffer.from(keyText, "base64")];
  // A key that decodes to nothing (`…$=`) would compare equal to scrypt's empty output for any password.
  if (salt.length < 8 || key.length < 16) return null;
  return { scheme: "scrypt", N, r: R, p: P, salt, key };
}

const parseHash = (stored: string) => parseArgon2id(stored) ?? parseScrypt(stored);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const actual =
    hash.scheme === "argon2id"
      ? await argon2id(password, hash.salt, hash, hash.key.length)
      : await scrypt(password, hash);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** True for a hash of another scheme or cost than today's: the login that proves the password rewrites it. */
export function needsRehash(stored: string): boolean {
  const hash = parseArgon2id(stored);
  return (
    !hash ||
    hash.memory !== COST.memory ||
    hash.passes !== COST.passes ||
    hash.parallelism !== COST.parallelism ||
    hash.key.length !== KEY_LENGTH
  );
}
