import type { BrowserContext } from "@playwright/test";
import { commitCsrfTokenFor } from "#app/.server/csrf.server.ts";
import { commitCustomerSession, SESSION_LIFETIME_MS } from "#app/.server/session.server.ts";
import { getRootSecrets } from "#app/.server/secrets.server.ts";
import type { CustomerAuth } from "./accounts.ts";
import { e2eEnv } from "./e2e-env.ts";

/** A cookie as BrowserContext.addCookies takes it. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
}

// The app's session code signs with keys derived from getRootSecrets(), which reads SESSION_SECRET from this
// process (lazily, on first use): give it the secret the e2e server was started with.
process.env.SESSION_SECRET = e2eEnv.sessionSecret;

/**
 * The storefront's signed session cookie for a store API login, made by the app's own code
 * (commitCustomerSession), as the login action would set it: the browser holding it is logged in.
 */
export async function sessionCookie(auth: CustomerAuth): Promise<BrowserCookie> {
  const [secret] = getRootSecrets();
  if (secret !== e2eEnv.sessionSecret) {
    throw new Error(
      "the session code read another secret than the e2e server's: was it used before tests/e2e/support/session.ts was loaded?",
    );
  }
  const expiresAt = Date.now() + SESSION_LIFETIME_MS;
  const setCookie = await commitCustomerSession(new Request(e2eEnv.baseURL), auth, expiresAt);
  const pair = setCookie.split(";", 1)[0]!;
  const equals = pair.indexOf("=");
  return {
    name: pair.slice(0, equals),
    // As the server wrote it (already encoded for a cookie header).
    value: pair.slice(equals + 1),
    domain: e2eEnv.host,
    path: "/",
    expires: Math.floor(expiresAt / 1000),
    httpOnly: true,
    secure: false,
    sameSite: "Lax",
  };
}

/**
 * The CSRF token this browser's cookie holds, read with the app's own code (signed with the
 * e2e server's secret); null when it has none.
 */
export async function csrfTokenOf(context: BrowserContext): Promise<string | null> {
  const cookieHeader = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const [token, fresh] = await commitCsrfTokenFor(cookieHeader);
  return fresh === null ? token : null;
}
