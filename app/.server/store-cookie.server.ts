import { cookieName } from "./cookie-names.server.ts";
import { getEnv } from "./env.server.ts";
import { secretsFor, type SecretPurpose } from "./secrets.server.ts";
import { createSignedCookie, type SignedCookie } from "./signed-cookie.server.ts";

/**
 * One of the store's own cookies: named through cookieName (the `__Host-` prefix over HTTPS),
 * signed with the keys of its purpose, httpOnly, Secure where the store runs on HTTPS, for the
 * whole site, SameSite=Lax unless the cookie asks for Strict.
 */
export function storeCookie(
  name: string,
  purpose: SecretPurpose,
  options: { sameSite?: "strict"; maxAge?: number } = {},
): SignedCookie {
  return createSignedCookie(cookieName(name), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().cookieSecure,
    secrets: secretsFor(purpose),
    ...options,
  });
}
