import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { hashSecret, newSecret, revokeAllTokens } from "../accounts/tokens.ts";
import { enqueueMail } from "../mail/mail-outbox.ts";
import { passwordResetEmail } from "../mail/password-reset-email.ts";
import { hashPassword } from "#db/passwords.ts";
import { assertStrongPassword } from "../accounts/password-strength.ts";
import { findCustomerByEmail, findCustomerById } from "./repository.ts";

export const RESET_REQUESTED = "Se o e-mail estiver cadastrado, enviaremos um link de recuperação.";
export const RESET_DONE = "Senha redefinida com sucesso!";
export const RESET_INVALID = "Link de recuperação inválido.";
export const RESET_EXPIRED = "Este link de recuperação expirou. Peça um novo.";
export const RESET_USED = "Este link de recuperação já foi usado.";
export const RESET_REPLACED = "Este link de recuperação foi substituído por um mais novo. Use o do último e-mail.";

export const RESET_LIFETIME_MS = 60 * 60_000;

/**
 * Creates a single-use link and queues its e-mail (api/mail/mail-outbox.ts) in the same
 * transaction, when the e-mail belongs to a customer: a link is never made without its
 * message, nor mailed without its row. The caller answers the same either way, so the reply
 * never tells whether an account exists; no SMTP round trip happens in the request (it would
 * show in the response time).
 */
export async function requestPasswordReset(deps: ApiDeps, storeId: number, email: string): Promise<void> {
  const customer = await findCustomerByEmail(deps, storeId, email);
  if (!customer) return;
  const token = newSecret();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest link works (issue 25): the earlier ones, maybe in a mailbox someone else
    // reads, end now. Ended by their expiry, so findUsableReset can tell why.
    await trx
      .updateTable("password_resets")
      .set({ expires_at: now.toISOString() })
      .where("customer_id", "=", customer.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .execute();
    await trx
      .insertInto("password_resets")
      .values({
        id: crypto.randomUUID(),
        customer_id: customer.id,
        token_hash: hashSecret(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_LIFETIME_MS).toISOString(),
        used_at: null,
      })
      .execute();
    const link = `${deps.publicUrl}/resetar-senha/${token}`;
    await enqueueMail(
      trx,
      deps,
      "password-reset",
      passwordResetEmail({ to: customer.email, name: customer.name, link }),
      { customerId: customer.id },
    );
  });
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The reset row for a link's token, or 404/410 with what is wrong with it. */
export async function findUsableReset({ db, now }: ApiDeps, token: string) {
  const reset = TOKEN_SHAPE.test(token)
    ? await db.selectFrom("password_resets").selectAll().where("token_hash", "=", hashSecret(token)).executeTakeFirst()
    : undefined;
  if (!reset) throw new ApiError(404, RESET_INVALID);
  if (reset.used_at) throw new ApiError(410, RESET_USED);
  if (reset.expires_at <= now().toISOString()) {
    const newer = await db
      .selectFrom("password_resets")
      .select("id")
      .where("customer_id", "=", reset.customer_id)
      .where("created_at", ">", reset.created_at)
      .executeTakeFirst();
    throw new ApiError(410, newer ? RESET_REPLACED : RESET_EXPIRED);
  }
  return reset;
}

/**
 * Sets the new password. In one transaction: the link is spent (only if still unused,
 * so two tabs cannot both use it), the hash changes, and every session ends.
 */
export async function confirmPasswordReset(deps: ApiDeps, token: string, password: string): Promise<void> {
  const reset = await findUsableReset(deps, token);
  const customer = await findCustomerById(deps.db, reset.customer_id);
  assertStrongPassword(password, customer ?? {});
  const passwordHash = await hashPassword(password);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(410, RESET_USED);
    await trx
      .updateTable("customers")
      .set({ password_hash: passwordHash })
      .where("id", "=", reset.customer_id)
      .execute();
    // Older links of the same customer die with this one: a leaked one must not undo the reset.
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("customer_id", "=", reset.customer_id)
      .where("used_at", "is", null)
      .execute();
    await revokeAllTokens(trx, reset.customer_id, new Date(now));
  });
}
