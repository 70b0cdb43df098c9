import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server.ts";

/** A shorter secret can be guessed offline from one signed cookie (ASVS V11: 128 bits or more). */
export const MIN_SECRET_LENGTH = 32;

/**
 * What a key is for. Each purpose gets its own key derived from the operator's secret, so a
 * value signed for one (a toast) can never pass as another (a session).
 */
export type SecretPurpose =
  "session" | "csrf" | "toast" | "signup-draft" | "quick-purchase" | "removals" | "gestor-session";

let rootSecrets: string[] | undefined;
const derived = new Map<SecretPurpose, string[]>();

/**
 * The operator's secrets, newest first. SESSION_SECRET may list several, comma separated, to
 * rotate without logging anyone out: the first signs, all verify (README "Configuration").
 * Without it, one secret is generated once into DATA_DIR/session-secret so restarts keep
 * sessions valid. A configured secret shorter than MIN_SECRET_LENGTH stops the start.
 */
export function getRootSecrets(): string[] {
  if (rootSecrets) return rootSecrets;
  const env = getEnv();
  const configured = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (configured.length > 0) {
    if (configured.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
      throw new Error(
        `Configuração inválida:\nSESSION_SECRET: cada segredo precisa de pelo menos ${MIN_SECRET_LENGTH} caracteres.`,
      );
    }
    return (rootSecrets = configured);
  }
  const file = path.join(env.dataDir, "session-secret");
  fs.mkdirSync(env.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return (rootSecrets = [fs.readFileSync(file, "utf8").trim()]);
}

/** The keys for one purpose, newest first (HKDF-SHA256 of each operator secret). */
export function secretsFor(purpose: SecretPurpose): string[] {
  let keys = derived.get(purpose);
  if (!keys) {
    keys = getRootSecrets().map((secret) =>
      Buffer.from(hkdfSync("sha256", secret, "loja-escolar", purpose, 32)).toString("base64url"),
    );
    derived.set(purpose, keys);
  }
  return keys;
}
