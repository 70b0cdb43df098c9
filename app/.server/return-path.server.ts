import { sitePath } from "#core/site-path.ts";

/** A base for reading paths; it never reaches a reply. */
const SITE = "http://loja.local";
/** A return path longer than this is not one the store wrote (and must not become a huge Location header). */
const MAX_RETURN_PATH = 2_000;

/**
 * Where a form asks to go back to (its `redirectTo` field), as a URL on this site; the home
 * page for anything else. The path is checked as the browser will follow it (core/site-path.ts):
 * "/.//evil.com" and "/\evil.com" both lead to another site and are refused (remix-utils'
 * safeRedirect let the first through).
 */
export function returnUrl(formData: FormData): URL {
  const raw = formData.get("redirectTo");
  const path = typeof raw === "string" && raw.length <= MAX_RETURN_PATH ? sitePath(raw) : null;
  return new URL(path ?? "/", SITE);
}

/** The path, query and fragment of a same-site URL, for a Location header. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;
