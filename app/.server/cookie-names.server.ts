import { getEnv } from "./env.server.ts";

/**
 * A cookie's name: with the `__Host-` prefix whenever cookies are Secure (production over
 * HTTPS). The browser then refuses the cookie unless it came over HTTPS for this exact host,
 * path "/", no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export function cookieName(name: string): string {
  return getEnv().cookieSecure ? `__Host-${name}` : name;
}

/** The CSRF token's cookie (csrf.server.ts). */
export const CSRF_COOKIE = "loja_csrf";

/**
 * Whether a cookie is one the store reads to tell visitors apart (session, guest cart, toast,
 * gestor, drafts…): all are named through cookieName("loja_…"). The CSRF cookie is the
 * exception the page cache handles itself (docs/decisions/0036-page-cache.md).
 */
export function isVisitorStateCookie(name: string): boolean {
  return /^(__Host-)?loja_/.test(name) && name !== cookieName(CSRF_COOKIE);
}
