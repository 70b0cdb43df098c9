import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv, type Env } from "./env.server.ts";

/** A shorter secret can be guessed offline from one signed cookie (ASVS V11: 128 bits or more). */
export const MIN_SECRET_LENGTH = 32;

/**
 * What a key is for. Each purpose gets its own key derived from the operator's secret, so a
 * value signed for one (a toast) can never pass as another (a session).
 */
export type SecretPurpose =
  "session" | "csrf" | "toast" | "signup-draft" | "quick-purchase" | "material-list" | "removals" | "gestor-session";

let rootSecrets: string[] | undefined;
const derived = new Map<SecretPurpose, string[]>();

/** A comma-separated list of secrets, newest first (SESSION_SECRET, TOTP_ENCRYPTION_KEY). */
export const secretList = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);

/**
 * The operator's secrets, newest first. SESSION_SECRET may list several, comma separated, to
 * rotate without logging anyone out: the first signs, all verify (docs/configuration.md).
 * Without it, one secret is generated once into DATA_DIR/session-secret so restarts keep
 * sessions valid; on PostgreSQL, into the database instead, so that every server of the store
 * signs with it (loadSharedRootSecret, docs/decisions/0035-several-servers.md). A configured
 * secret shorter than MIN_SECRET_LENGTH stops the start.
 */
export function getRootSecrets(): string[] {
  if (rootSecrets) return rootSecrets;
  const env = getEnv();
  const configured = secretList(env.SESSION_SECRET);
  if (configured.length > 0) {
    if (configured.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
      throw new Error(
        `Configuração inválida:\nSESSION_SECRET: cada segredo precisa de pelo menos ${MIN_SECRET_LENGTH} caracteres.`,
      );
    }
    return (rootSecrets = configured);
  }
  if (secretKeptInDatabase(env))
    throw new Error("[segredos] o segredo compartilhado ainda não foi lido do banco de dados");
  const file = secretFile(env.dataDir);
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

const secretFile = (dataDir: string) => path.join(dataDir, "session-secret");

/**
 * Servers on different machines share a PostgreSQL database but not a DATA_DIR: without
 * SESSION_SECRET, the bundled API keeps the generated secret in the database (0035). A storefront
 * on another store API (STORE_API_URL) has no database and keeps its file.
 */
export function secretKeptInDatabase(env: Pick<Env, "SESSION_SECRET" | "DATABASE_URL" | "STORE_API_URL">): boolean {
  return !env.SESSION_SECRET?.trim() && Boolean(env.DATABASE_URL) && !env.STORE_API_URL;
}

/**
 * Takes the database's secret (secretKeptInDatabase): `share` answers the one secret of the
 * database, writing `offered` first when there is none yet, which is this server's old
 * DATA_DIR/session-secret if it has one, so moving a store to several servers logs nobody out.
 */
export async function loadSharedRootSecret(share: (offered: string | undefined) => Promise<string>): Promise<void> {
  const env = getEnv();
  if (rootSecrets || !secretKeptInDatabase(env)) return;
  const file = secretFile(env.dataDir);
  const offered = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() || undefined : undefined;
  rootSecrets = [await share(offered)];
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
