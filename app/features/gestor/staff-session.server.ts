/**
 * The staff member's browser session: a signed, httpOnly cookie of its own (never the
 * customer's loja_session) that carries only the staff session's token. The session itself
 * lives in the store API (8 h absolute, 30 min idle, revocable: api/gestor/staff).
 */
import { createCookieSessionStorage } from "react-router";
import { storeCookie } from "#app/.server/store-cookie.server.ts";

interface StaffSessionData {
  token: string;
}

let storage: ReturnType<typeof createCookieSessionStorage<StaffSessionData>> | undefined;

function staffSessionStorage() {
  storage ??= createCookieSessionStorage<StaffSessionData>({
    // Strict: no other site's link or form ever arrives with the staff session.
    cookie: storeCookie("loja_gestor", "gestor-session", { sameSite: "strict" }),
  });
  return storage;
}

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export async function getStaffToken(request: Request): Promise<string | null> {
  const session = await staffSessionStorage().getSession(request.headers.get("cookie"));
  const token = session.get("token");
  return typeof token === "string" && TOKEN.test(token) ? token : null;
}

/** Set-Cookie that keeps the token until the browser closes (the API ends the session itself). */
export async function commitStaffToken(request: Request, token: string): Promise<string> {
  const session = await staffSessionStorage().getSession(request.headers.get("cookie"));
  session.set("token", token);
  return staffSessionStorage().commitSession(session);
}

export async function destroyStaffSession(request: Request): Promise<string> {
  const session = await staffSessionStorage().getSession(request.headers.get("cookie"));
  return staffSessionStorage().destroySession(session);
}
