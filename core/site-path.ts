/**
 * A path on this store, checked as a browser resolves it (issue 25, point 18): the value is read
 * by the URL parser against a stand-in origin, and kept only when it stays on that origin and
 * its path does not begin with two slashes. "/\evil.example/x" resolves to "//evil.example/x"
 * (a backslash is a slash in an http URL), another site; "/.//evil.example" to the path
 * "//evil.example", which a Location header or a router link would follow off the site.
 * Used by the banner's link (the API's schema, in the browser too) and the forms' return path.
 */
const SITE = "http://loja.local";

/** The path, query and fragment of `value` when it is a path on this store; null otherwise. */
export function sitePath(value: string): string | null {
  if (!value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || /^[/\\]{2}/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
