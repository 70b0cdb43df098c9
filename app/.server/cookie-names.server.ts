import { getEnv } from "./env.server.ts";

/**
 * A cookie's name: with the `__Host-` prefix whenever cookies are Secure (production over
 * HTTPS). The browser then refuses the cookie unless it came over HTTPS for this exact host,
 * path "/", no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export function cookieName(name: string): string {
  return getEnv().cookieSecure ? `__Host-${name}` : name;
}
