import { createHmac, timingSafeEqual } from "node:crypto";
import type { Cookie, CookieOptions, CookieSerializeOptions } from "react-router";

/**
 * The store's one home for signing cookies: React Router's signed-cookie format, made with a
 * synchronous `node:crypto` HMAC instead of WebCrypto's (key import and an async job per value).
 * React Router's `createCookie` spent about a quarter of a cached page's CPU signing the new
 * visitor's CSRF cookie (docs/decisions/0036-page-cache.md).
 *
 * The format is React Router's own, byte for byte (checked against `createCookie` by
 * signed-cookie.server.test.ts), so cookies signed before keep working and either side reads the
 * other's: the value is base64 of its JSON, then "." and the unpadded base64 HMAC-SHA256 of that
 * with the newest secret; the cookie value is URI-encoded. Reading tries every secret, so a
 * rotation keeps open sessions and forms (secrets.server.ts).
 */
export interface SignedCookie extends Cookie {
  /** `parse` without waiting: the value, "" for an empty cookie, null when missing or not ours. */
  parseNow(cookieHeader: string | null): unknown;
  /** `serialize` without waiting: the Set-Cookie header. */
  serializeNow(value: unknown, options?: CookieSerializeOptions): string;
}

type Options = Pick<CookieOptions, "path" | "httpOnly" | "sameSite" | "secure" | "maxAge" | "expires" | "domain">;

const SUPPORTED = new Set(["path", "httpOnly", "sameSite", "secure", "maxAge", "expires", "domain"]);
/** What browsers allow a Max-Age to be (400 days), as React Router's serializer caps it. */
const MAX_AGE_LIMIT = 400 * 24 * 60 * 60;
const COOKIE_VALUE = /^[\u0021-\u003A\u003C-\u007E]*$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function signature(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
}

function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`;
}

/** The signed part when one of `secrets` signed it, else null. */
function unsign(signed: string, secrets: readonly string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(signature(value, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
  }
  return null;
}

/** React Router's encodeData: base64 of the UTF-8 JSON. */
function encodeData(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** React Router's decodeData: {} for what does not decode. */
function decodeData(encoded: string): unknown {
  try {
    return JSON.parse(strictUtf8.decode(Buffer.from(encoded, "base64")));
  } catch {
    return {};
  }
}

/** The first value of cookie `name` in a Cookie header, URI-decoded when it can be. */
export function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const raw = pair.slice(equals + 1).trim();
    if (!raw.includes("%")) return raw;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function setCookieHeader(name: string, value: string, options: Options): string {
  for (const [key, value] of Object.entries(options))
    if (value !== undefined && !SUPPORTED.has(key)) throw new TypeError(`opção de cookie não suportada: ${key}`);
  const encoded = encodeURIComponent(value);
  if (!COOKIE_VALUE.test(encoded)) throw new TypeError(`valor de cookie inválido: ${name}`);
  let header = `${name}=${encoded}`;
  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) throw new TypeError(`maxAge inválido: ${options.maxAge}`);
    header += `; Max-Age=${Math.max(0, Math.min(options.maxAge, MAX_AGE_LIMIT))}`;
  }
  if (options.domain) header += `; Domain=${options.domain}`;
  if (options.path) header += `; Path=${options.path}`;
  if (options.expires) header += `; Expires=${options.expires.toUTCString()}`;
  if (options.httpOnly) header += "; HttpOnly";
  if (options.secure) header += "; Secure";
  if (options.sameSite) header += `; SameSite=${sameSite(options.sameSite)}`;
  return header;
}

function sameSite(value: NonNullable<Options["sameSite"]>): string {
  const lower = value === true ? "strict" : String(value).toLowerCase();
  if (lower === "strict") return "Strict";
  if (lower === "lax") return "Lax";
  if (lower === "none") return "None";
  throw new TypeError(`sameSite inválido: ${String(value)}`);
}

/** A signed cookie, a drop-in for React Router's `createCookie(name, { secrets, … })`. */
export function createSignedCookie(
  name: string,
  { secrets, ...cookieOptions }: Options & { secrets: readonly string[] },
): SignedCookie {
  const newest = secrets[0];
  if (newest === undefined) throw new Error(`o cookie ${name} precisa de um segredo`);
  const options: Options = { path: "/", sameSite: "lax", ...cookieOptions };

  function parseNow(cookieHeader: string | null): unknown {
    if (!cookieHeader) return null;
    const value = cookieValue(cookieHeader, name);
    if (value === null || value === "") return value;
    const unsigned = unsign(value, secrets);
    return unsigned === null ? null : decodeData(unsigned);
  }

  function serializeNow(value: unknown, serializeOptions: CookieSerializeOptions = {}): string {
    const { encode: _encode, ...rest } = serializeOptions;
    const signed = value === "" ? "" : sign(encodeData(value), newest as string);
    return setCookieHeader(name, signed, { ...options, ...(rest as Options) });
  }

  return {
    name,
    isSigned: true,
    get expires() {
      return options.maxAge !== undefined ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    parseNow,
    serializeNow,
    parse: async (cookieHeader) => parseNow(cookieHeader),
    serialize: async (value, serializeOptions) => serializeNow(value, serializeOptions),
  };
}
