import { createCookieSessionStorage, redirect } from "react-router";
import { getCookieSecrets } from "./secrets.server.ts";
import { getEnv } from "./env.server.ts";

/** What the session cookie carries about the logged-in customer (spec §3 Customer, summary). */
export interface SessionCustomer {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
}

interface SessionData {
  token: string;
  customer: SessionCustomer;
  /** Epoch milliseconds after which the session is over (login + 24 h). */
  expiresAt: number;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "loja_session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: getEnv().cookieSecure,
      secrets: getCookieSecrets(),
    },
  });
  return storage;
}

export async function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

/** The logged-in customer, or null for a visitor or an expired session. */
export async function getSessionCustomer(request: Request): Promise<{ customer: SessionCustomer; token: string } | null> {
  const session = await getSession(request);
  const customer = session.get("customer");
  const token = session.get("token");
  const expiresAt = session.get("expiresAt");
  if (!customer || !token || !expiresAt || expiresAt <= Date.now()) return null;
  return { customer, token };
}

/** Guard for pages only a customer may open: a visitor is sent to the home page. */
export async function requireCustomer(request: Request) {
  const current = await getSessionCustomer(request);
  if (!current) throw redirect("/");
  return current;
}
