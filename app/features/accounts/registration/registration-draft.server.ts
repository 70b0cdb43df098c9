/**
 * What sign-up keeps between its steps, on the server's side of the wire
 * (docs/decisions/0014-account-hardening.md): step 1's data, password included, until the
 * account exists; then a one-time login grant (the API token of a login made at creation),
 * so step 3's "Acessar" logs in without the password coming back. It travels in an httpOnly
 * cookie encrypted with AES-256-GCM under a key only the server has, lives 30 minutes, and
 * belongs to one sign-up: the forms carry its random id, never its content.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getEnv } from "#app/.server/env.server.ts";
import { cookieName } from "#app/.server/cookie-names.server.ts";
import { secretsFor } from "#app/.server/secrets.server.ts";
import type { SessionCustomer } from "#app/.server/session.server.ts";

const LIFETIME_MS = 30 * 60_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface RegistrationDraft {
  /** Named by the sign-up's forms: a draft of another sign-up (another tab) is not this one's. */
  id: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Step 1, until the account is created. */
  access?: { name: string; email: string; password: string };
  /** After creation: the login step 3 turns into the session. */
  grant?: { token: string; customer: SessionCustomer };
}

let cookie: ReturnType<typeof createCookie> | undefined;

function draftCookie() {
  // Unsigned: the GCM tag already refuses any change, and the key rotates with the secrets.
  cookie ??= createCookie(cookieName("loja_cadastro"), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().cookieSecure,
    maxAge: LIFETIME_MS / 1000,
  });
  return cookie;
}

/** The sign-up draft's keys, newest first (docs/decisions/0017: one key per purpose). */
function keys(): Buffer[] {
  return secretsFor("signup-draft").map((key) => Buffer.from(key, "base64url"));
}

export function encryptDraft(draft: RegistrationDraft): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys()[0]!, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(draft), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function decryptDraft(sealed: string): RegistrationDraft | null {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  for (const key of keys()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      return JSON.parse(text.toString("utf8")) as RegistrationDraft;
    } catch {
      // another key, or a forged value
    }
  }
  return null;
}

/** This sign-up's draft (the form names it), or null when missing, forged, of another sign-up or expired. */
export async function readDraft(request: Request, formData: FormData): Promise<RegistrationDraft | null> {
  const sealed: unknown = await draftCookie().parse(request.headers.get("cookie"));
  const draft = typeof sealed === "string" ? decryptDraft(sealed) : null;
  const id = formData.get("draft");
  if (!draft || typeof id !== "string" || draft.id !== id || draft.expiresAt <= Date.now()) return null;
  return draft;
}

/** A new draft of step 1's data, with the Set-Cookie header that keeps it. */
export async function startDraft(access: NonNullable<RegistrationDraft["access"]>) {
  const draft: RegistrationDraft = { id: crypto.randomUUID(), expiresAt: Date.now() + LIFETIME_MS, access };
  return { draft, cookie: await draftCookie().serialize(encryptDraft(draft)) };
}

/** The draft after the account exists: the password is dropped, the login grant (if any) kept. */
export async function grantDraft(draft: RegistrationDraft, grant: RegistrationDraft["grant"]): Promise<string> {
  return draftCookie().serialize(encryptDraft({ id: draft.id, expiresAt: draft.expiresAt, grant }));
}

/** The Set-Cookie header that removes the draft (used once, or no longer wanted). */
export function clearDraft(): Promise<string> {
  return draftCookie().serialize("", { maxAge: 0 });
}
