import { MIN_TOTP_KEY_LENGTH, totpKeysFrom, type TotpKeys } from "#api/gestor/staff/totp-secret-box.ts";
import { getEnv } from "./env.server.ts";
import { getRootSecrets, secretKeptInDatabase, secretList } from "./secrets.server.ts";

/**
 * The keys that seal the staff's authenticator secrets, newest first (docs/decisions/0049),
 * never from the database:
 * - TOTP_ENCRYPTION_KEY, when set: a comma-separated list, newest first, each at least 32
 *   characters. The choice for production, rotated apart from the session secret.
 * - otherwise the operator's root secret (SESSION_SECRET, or DATA_DIR/session-secret on one
 *   machine), which is not in the database either;
 * - never the secret PostgreSQL keeps when SESSION_SECRET is unset (note 0035): a backup of the
 *   database would then hold the key beside what it locks. That setup must set TOTP_ENCRYPTION_KEY.
 * Each secret is HKDF'd for this purpose only (totpKeysFrom).
 */
export function totpEncryptionKeys(): TotpKeys {
  const env = getEnv();
  const configured = secretList(env.TOTP_ENCRYPTION_KEY);
  if (configured.length > 0) {
    if (configured.some((key) => key.length < MIN_TOTP_KEY_LENGTH))
      throw new Error(
        `Configuração inválida:\nTOTP_ENCRYPTION_KEY: cada chave precisa de pelo menos ${MIN_TOTP_KEY_LENGTH} caracteres.`,
      );
    return totpKeysFrom(configured);
  }
  if (secretKeptInDatabase(env))
    throw new Error(
      "Configuração inválida:\nTOTP_ENCRYPTION_KEY: obrigatória com DATABASE_URL sem SESSION_SECRET (o segredo da sessão fica no banco, e a chave dos autenticadores da equipe não pode ficar junto do que ela protege).",
    );
  return totpKeysFrom(getRootSecrets());
}
