import { timingSafeEqual } from "node:crypto";
import { CSRF_COOKIE } from "./cookie-names.server.ts";
import { randomToken } from "./random-token.server.ts";
import type { SignedCookie } from "./signed-cookie.server.ts";
import { storeCookie } from "./store-cookie.server.ts";

/** The form field every POST form carries (AuthenticityTokenInput name="csrf"). */
const FORM_FIELD = "csrf";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

let cookie: SignedCookie | undefined;

/**
 * Double-submit token: a random value kept in a signed, httpOnly cookie and repeated in the
 * form. The cookie is signed with the newest CSRF key and verified with all of them, so
 * rotating SESSION_SECRET keeps open forms working (remix-utils' CSRF verified its own
 * signature with the newest secret only, so every form answered 403 after a rotation).
 */
function csrfCookie(): SignedCookie {
  cookie ??= storeCookie(CSRF_COOKIE, "csrf");
  return cookie;
}

function tokenInCookie(cookieHeader: string | null): string | null {
  const value = csrfCookie().parseNow(cookieHeader);
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

/** The token for this visitor and, when new, the Set-Cookie header that carries it. */
export async function commitCsrfToken(request: Request): Promise<[token: string, setCookie: string | null]> {
  return commitCsrfTokenFor(request.headers.get("cookie"));
}

/**
 * commitCsrfToken from the Cookie header alone, without waiting: the page cache calls it on
 * every hit (docs/decisions/0036-page-cache.md).
 */
export function commitCsrfTokenFor(cookieHeader: string | null): [token: string, setCookie: string | null] {
  const existing = tokenInCookie(cookieHeader);
  if (existing) return [existing, null];
  const token = newCsrfToken();
  return [token, csrfCookie().serializeNow(token)];
}

/** A fresh random token, of the shape every token has (TOKEN). */
export function newCsrfToken(): string {
  return randomToken(32, "base64url");
}

/** The Cookie header a browser holding `token` would send (the page cache renders with a placeholder). */
export function csrfCookieHeader(token: string): string {
  const [pair = ""] = csrfCookie().serializeNow(token).split(";");
  return pair;
}

export const CSRF_REFUSED = "Sua sessão de formulário expirou. Recarregue a página e tente novamente.";

/** Stops a POST whose token is missing or wrong with 403. */
export async function validateCsrf(formData: FormData, headers: Headers): Promise<void> {
  const expected = tokenInCookie(headers.get("cookie"));
  const sent = formData.get(FORM_FIELD);
  const matches =
    expected !== null &&
    typeof sent === "string" &&
    sent.length === expected.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!matches) throw new Response(CSRF_REFUSED, { status: 403, statusText: "Forbidden" });
}
