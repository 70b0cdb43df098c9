/** A base for reading paths; it never reaches a reply. */
const SITE = "http://loja.local";
/** A return path longer than this is not one the store wrote (and must not become a huge Location header). */
const MAX_RETURN_PATH = 2_000;

/**
 * Where a form asks to go back to (its `redirectTo` field), as a URL on this site; the home
 * page for anything else. The check runs after the URL parser's normalisation, which is what
 * the browser will follow: "/.//evil.com" and "/\evil.com" both become "//evil.com", a link
 * to another site, and are refused (remix-utils' safeRedirect let the first through).
 */
export function returnUrl(formData: FormData): URL {
  const raw = formData.get("redirectTo");
  const home = new URL("/", SITE);
  if (typeof raw !== "string" || raw.length > MAX_RETURN_PATH || !raw.startsWith("/")) return home;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return home;
  }
  return url.origin === SITE && !/^[/\\]{2}/.test(url.pathname) ? url : home;
}

/** The path, query and fragment of a same-site URL, for a Location header. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;
