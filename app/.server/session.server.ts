import { createCookieSessionStorage, createSession } from "react-router";
import type { Customer } from "#api/contract/accounts.ts";
import { storeCookie } from "./store-cookie.server.ts";

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
  /**
   * The whole customer of the login's reply (spec §3: "stored in the browser"): /conta and
   * /conclusao show it where the store API has no get-customer (docs/decisions/0026).
   */
  profile: Customer;
  /** Epoch milliseconds after which the session is over (login + 24 h). */
  expiresAt: number;
  /**
   * A visitor's key to their cart kept by the store API (a random secret, never shown):
   * the cart is merged into the account's at login, and the key dropped.
   */
  guestCartKey: string;
}

const PROFILE_FIELDS = [
  "id",
  "name",
  "email",
  "cellPhone",
  "cpf",
  "birthDate",
  "zipcode",
  "street",
  "houseNumber",
  "neighborhood",
  "city",
  "state",
] as const satisfies readonly Exclude<keyof Customer, "avatar" | "complement">[];

/** The customer's fields of spec §3 (and nothing else), or null for a summary. */
function wholeCustomer(candidate: SessionCustomer | Customer): Customer | null {
  const fields = candidate as unknown as Record<string, unknown>;
  if (!PROFILE_FIELDS.every((field) => typeof fields[field] === "string")) return null;
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, fields[field]]));
  // The complement is beyond spec §3: a school's API may not send it.
  const complement = typeof fields.complement === "string" ? fields.complement : "";
  return { ...profile, complement, avatar: candidate.avatar ?? null } as Customer;
}

/** The session cookie's name, before cookieName's prefix. */
export const SESSION_COOKIE = "loja_session";

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: storeCookie(SESSION_COOKIE, "session"),
  });
  return storage;
}

type SessionFields = Awaited<ReturnType<ReturnType<typeof sessionStorage>["getSession"]>>["data"];

/**
 * Each request's cookie, verified once: a request reads its session three or four times (the
 * expiry check, the customer, the guest cart key, a login's renewal), and each read would
 * otherwise check the HMAC with each secret and decode the JSON again (docs/decisions/0038).
 * The request's own object keys it, so nothing is shared between requests.
 */
const verifiedCookies = new WeakMap<Request, Promise<SessionFields>>();

/** The request's session: a fresh copy each time, so a caller's changes stay its own until committed. */
export async function getSession(request: Request) {
  let verified = verifiedCookies.get(request);
  if (!verified) {
    verified = sessionStorage()
      .getSession(request.headers.get("cookie"))
      .then((session) => session.data);
    verifiedCookies.set(request, verified);
  }
  // What the cookie storage itself does with the verified fields (any of which may be absent).
  return createSession<SessionData>({ ...(await verified) } as SessionData);
}

/** The logged-in customer, or null for a visitor or an expired session. */
export async function getSessionCustomer(
  request: Request,
): Promise<{ customer: SessionCustomer; token: string } | null> {
  const session = await getSession(request);
  const customer = session.get("customer");
  const token = session.get("token");
  const expiresAt = session.get("expiresAt");
  if (!customer || !token || !expiresAt || expiresAt <= Date.now()) return null;
  return { customer, token };
}

/** Session lifetime (spec §9): 1440 minutes after login. */
export const SESSION_LIFETIME_MS = 1440 * 60 * 1000;

/**
 * Starts (or renews) the customer's session and returns the Set-Cookie header. With
 * `keepProfile` (the store API has no get-customer, docs/decisions/0026), a whole customer (the
 * login's, or the profile just saved) is kept as the profile, and a summary keeps the profile
 * the session had for the same customer. Without it the cookie carries no CPF or address: the
 * pages ask the API.
 */
export async function commitCustomerSession(
  request: Request,
  auth: { token: string; customer: SessionCustomer | Customer },
  expiresAt = Date.now() + SESSION_LIFETIME_MS,
  keepProfile = false,
): Promise<string> {
  const session = await getSession(request);
  const profile = keepProfile ? wholeCustomer(auth.customer) : null;
  if (profile) session.set("profile", profile);
  else if (!keepProfile || session.get("profile")?.id !== auth.customer.id) session.unset("profile");
  session.set("token", auth.token);
  session.set("customer", {
    id: auth.customer.id,
    name: auth.customer.name,
    email: auth.customer.email,
    avatar: auth.customer.avatar ?? null,
  });
  session.set("expiresAt", expiresAt);
  session.unset("guestCartKey");
  return sessionStorage().commitSession(session, { expires: new Date(expiresAt) });
}

/** The customer kept by the login (spec §3), or null for a session from before it was kept. */
export async function getSessionProfile(request: Request): Promise<Customer | null> {
  const session = await getSession(request);
  const profile = session.get("profile");
  return profile && profile.id === session.get("customer")?.id ? profile : null;
}

/** How long a visitor's cart key is kept by the browser. */
const GUEST_CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const GUEST_CART_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's cart key, or null when this browser has none (or a customer is logged in). */
export async function getGuestCartKey(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const key = session.get("guestCartKey");
  return !session.get("token") && typeof key === "string" && GUEST_CART_KEY.test(key) ? key : null;
}

/**
 * The visitor's cart key, made on their first cart change: 32 random bytes that only
 * this signed, httpOnly cookie holds. `cookie` is set when the key is new.
 */
export async function ensureGuestCartKey(request: Request): Promise<{ key: string; cookie?: string }> {
  const existing = await getGuestCartKey(request);
  if (existing) return { key: existing };
  const session = await getSession(request);
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  session.set("guestCartKey", key);
  const cookie = await sessionStorage().commitSession(session, {
    expires: new Date(Date.now() + GUEST_CART_LIFETIME_MS),
  });
  return { key, cookie };
}

/** Ends the session; returns the Set-Cookie header that clears it. */
export async function destroyCustomerSession(request: Request): Promise<string> {
  return sessionStorage().destroySession(await getSession(request));
}

/** True when the cookie still names a customer whose 24 hours are over. */
export async function hasExpiredSession(request: Request): Promise<boolean> {
  const session = await getSession(request);
  const expiresAt = session.get("expiresAt");
  return Boolean(session.get("token")) && (!expiresAt || expiresAt <= Date.now());
}
