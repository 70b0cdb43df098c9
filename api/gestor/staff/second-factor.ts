/**
 * The staff's second factor (issue 15: TOTP, required for admins, ASVS level 2): enrolment,
 * the code after the password, recovery codes. Only the hashes of recovery codes are kept;
 * each works once. Wrong codes are limited per session and per person.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { hashSecret } from "../../accounts/tokens.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { reserve, tryAgainLater, type Reservation } from "../../rate-limit.ts";
import { recordAudit, type AuditActor, type AuditEntry } from "../audit/audit-log.ts";
import { markSecondFactorPassed, type StaffRow } from "./staff-sessions.ts";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp.ts";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-box.ts";

export const CODE_REFUSED = "Código inválido ou já usado. Confira o aplicativo autenticador e tente de novo.";
export const CODE_THROTTLED = "Muitos códigos errados.";
export const TOTP_ALREADY_ON = "A verificação em duas etapas já está ativa nesta conta.";
export const TOTP_NOT_ON = "A verificação em duas etapas não está ativa nesta conta.";
export const RECOVERY_CODE_COUNT = 10;

/**
 * A session gets 5 wrong codes in 15 minutes, a person 10 (from all their sessions): a
 * 6-digit code cannot be guessed in that many tries (ASVS 2.8.x).
 */
export const CODE_FAILURES_BY_SESSION = { name: "staff-code-session", limit: 5, windowMs: 15 * 60_000 };
export const CODE_FAILURES_BY_PERSON = { name: "staff-code-person", limit: 10, windowMs: 15 * 60_000 };

interface CodeAttempt {
  staff: StaffRow;
  sessionId: string;
  actor: AuditActor;
}

/** An audit entry about the staff member's own second factor, written by them in the same transaction. */
function auditOwnSecondFactor(
  trx: Kysely<Database>,
  attempt: CodeAttempt,
  at: Date,
  entry: Omit<AuditEntry, "targetType" | "targetId">,
): Promise<void> {
  return recordAudit(trx, attempt.actor, { ...entry, targetType: "staff", targetId: attempt.staff.id }, at);
}

function reserveCodeAttempt(deps: ApiDeps, { staff, sessionId }: CodeAttempt): Promise<Reservation> {
  return reserve(
    deps,
    [
      [CODE_FAILURES_BY_SESSION, sessionId],
      [CODE_FAILURES_BY_PERSON, staff.id],
    ],
    (wait) => tryAgainLater(wait, CODE_THROTTLED),
  );
}

/** The person's authenticator secret in clear; it is sealed at rest (totp-secret-box.ts). */
function secretOf(deps: ApiDeps, staff: StaffRow & { totp_secret: string }): string {
  const opened = openTotpSecret(deps.totpKeys, staff.id, staff.totp_secret);
  if (!opened)
    throw new Error(
      `[gestor] nenhuma chave abre o segredo do autenticador de ${staff.email}: uma chave antiga de TOTP_ENCRYPTION_KEY foi retirada cedo demais (docs/decisions/0049)`,
    );
  return opened.secret;
}

/** A code of the app only (no recovery code), counted against the limits; the step it matched. */
async function authenticatorStep(deps: ApiDeps, attempt: CodeAttempt, secret: string, code: string) {
  const limits = await reserveCodeAttempt(deps, attempt);
  const now = deps.now();
  const step = matchTotpStep(secret, code, now, attempt.staff.totp_last_step);
  if (step === null) throw badRequest(CODE_REFUSED);
  return { limits, now, step };
}

/** 80 random bits as four groups of four (abcd-efgh-ijkl-mnop): too many to guess from their hashes. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashRecoveryCode = (code: string) => hashSecret(`staff-recovery:${normaliseRecoveryCode(code)}`);

/** Replaces the person's recovery codes; answers the new ones (the only time they exist in clear). */
async function replaceRecoveryCodes(trx: Kysely<Database>, staffId: string): Promise<string[]> {
  await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx
    .insertInto("staff_recovery_codes")
    .values(
      codes.map((code) => ({
        id: crypto.randomUUID(),
        staff_id: staffId,
        code_hash: hashRecoveryCode(code),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/**
 * Takes the step a code matched, only if no later or equal step was taken meanwhile: two
 * requests with the same code cannot both pass.
 */
async function takeTotpStep(trx: Kysely<Database>, staffId: string, step: number): Promise<boolean> {
  const result = await trx
    .updateTable("staff")
    .set({ totp_last_step: step })
    .where("id", "=", staffId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses one recovery code; false when it is not one of the person's unused codes. */
async function useRecoveryCode(trx: Kysely<Database>, staffId: string, code: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("staff_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("code_hash", "=", hashRecoveryCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<Database>, staffId: string): Promise<number> {
  const row = await db
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The secret to enrol: the one offered and not confirmed yet, or a new one. */
export async function startTotpEnrolment(deps: ApiDeps, staff: StaffRow): Promise<{ secret: string; uri: string }> {
  if (staff.totp_enabled_at) throw new ApiError(409, TOTP_ALREADY_ON);
  let secret = staff.totp_secret ? secretOf(deps, { ...staff, totp_secret: staff.totp_secret }) : null;
  if (!secret) {
    secret = newTotpSecret();
    await deps.db
      .updateTable("staff")
      .set({ totp_secret: sealTotpSecret(deps.totpKeys, staff.id, secret) })
      .where("id", "=", staff.id)
      .execute();
  }
  return { secret, uri: totpUri(secret, staff.email) };
}

/** A first good code turns the authenticator on, completes the session and answers the recovery codes. */
export async function confirmTotpEnrolment(deps: ApiDeps, attempt: CodeAttempt, code: string): Promise<string[]> {
  const { staff } = attempt;
  if (staff.totp_enabled_at) throw new ApiError(409, TOTP_ALREADY_ON);
  if (!staff.totp_secret) throw badRequest(CODE_REFUSED);
  const secret = secretOf(deps, { ...staff, totp_secret: staff.totp_secret });
  const { limits, now, step } = await authenticatorStep(deps, attempt, secret, code);
  const codes = await deps.db.transaction().execute(async (trx) => {
    if (!(await takeTotpStep(trx, staff.id, step))) throw badRequest(CODE_REFUSED);
    const enabled = await trx
      .updateTable("staff")
      .set({ totp_enabled_at: now.toISOString() })
      .where("id", "=", staff.id)
      .where("totp_enabled_at", "is", null)
      .where("totp_secret", "=", staff.totp_secret)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) !== 1) throw new ApiError(409, TOTP_ALREADY_ON);
    const fresh = await replaceRecoveryCodes(trx, staff.id);
    await markSecondFactorPassed(trx, attempt.sessionId, now);
    await auditOwnSecondFactor(trx, attempt, now, {
      action: "staff.totp-enrol",
      summary: "Ativou a verificação em duas etapas",
      before: { totpEnabled: false },
      after: { totpEnabled: true, recoveryCodes: RECOVERY_CODE_COUNT },
    });
    return fresh;
  });
  await limits.release();
  return codes;
}

/** The code after the password: the authenticator's (once) or a recovery code (once). */
export async function giveSecondFactor(deps: ApiDeps, attempt: CodeAttempt, code: string): Promise<void> {
  const { staff } = attempt;
  if (!staff.totp_enabled_at || !staff.totp_secret) throw new ApiError(409, TOTP_NOT_ON);
  const secret = secretOf(deps, { ...staff, totp_secret: staff.totp_secret });
  const limits = await reserveCodeAttempt(deps, attempt);
  const now = deps.now();
  const step = matchTotpStep(secret, code, now, staff.totp_last_step);
  await deps.db.transaction().execute(async (trx) => {
    if (step !== null) {
      if (!(await takeTotpStep(trx, staff.id, step))) throw badRequest(CODE_REFUSED);
    } else {
      if (!(await useRecoveryCode(trx, staff.id, code, now))) throw badRequest(CODE_REFUSED);
      const left = await recoveryCodesLeft(trx, staff.id);
      await auditOwnSecondFactor(trx, attempt, now, {
        action: "staff.recovery-code-used",
        summary: `Entrou com um código de recuperação (restam ${left})`,
        after: { recoveryCodesLeft: left },
      });
    }
    await markSecondFactorPassed(trx, attempt.sessionId, now);
  });
  await limits.release();
}

/** New recovery codes against a code of the authenticator (not a recovery code: those may be what leaked). */
export async function regenerateRecoveryCodes(deps: ApiDeps, attempt: CodeAttempt, code: string): Promise<string[]> {
  const { staff } = attempt;
  if (!staff.totp_enabled_at || !staff.totp_secret) throw new ApiError(409, TOTP_NOT_ON);
  const secret = secretOf(deps, { ...staff, totp_secret: staff.totp_secret });
  const { limits, now, step } = await authenticatorStep(deps, attempt, secret, code);
  const codes = await deps.db.transaction().execute(async (trx) => {
    if (!(await takeTotpStep(trx, staff.id, step))) throw badRequest(CODE_REFUSED);
    const before = await recoveryCodesLeft(trx, staff.id);
    const fresh = await replaceRecoveryCodes(trx, staff.id);
    await auditOwnSecondFactor(trx, attempt, now, {
      action: "staff.recovery-codes-regenerate",
      summary: "Gerou novos códigos de recuperação",
      before: { recoveryCodesLeft: before },
      after: { recoveryCodesLeft: RECOVERY_CODE_COUNT },
    });
    return fresh;
  });
  await limits.release();
  return codes;
}
