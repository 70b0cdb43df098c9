import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { gestorAuth } from "../../contract/gestor/auth.ts";

import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { hashPassword, verifyPassword } from "#db/passwords.ts";
import { isWeakPassword } from "../../accounts/password-strength.ts";
import { callerAddress, reserve, tryAgainLater } from "../../rate-limit.ts";
import { at, validated } from "../../validation.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { findPasswordLink, usePasswordLink } from "./password-links.ts";
import { requireStaff, staffActor, type StaffEnv } from "./require-staff.ts";
import { issueStaffSession, revokeAllStaffSessions, revokeStaffSession } from "./staff-sessions.ts";
import { secondFactorStepOf, toStaffMember } from "./staff-member.ts";
import { unitCodesIn, unitCodesOf } from "./staff-scope.ts";

export const STAFF_WRONG_CREDENTIALS = "E-mail ou senha incorretos.";
export const STAFF_LOGIN_THROTTLED = "Muitas tentativas de login sem sucesso.";
export const PASSWORD_LINK_GONE = "Este link não vale mais. Peça um novo a um administrador.";
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_TOO_SHORT = `A senha precisa ter pelo menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`;
export const STAFF_PASSWORD_WEAK = "Esta senha é fácil de adivinhar. Escolha outra, mais longa ou menos comum.";

/**
 * Staff logins fail at most 10 times in 15 minutes per account and 50 an hour per address
 * (ASVS 2.2.1: well under 100 an hour): the area can refund sales and change prices.
 */
export const STAFF_LOGIN_FAILURES_BY_ACCOUNT = { name: "staff-login-account", limit: 10, windowMs: 15 * 60_000 };
export const STAFF_LOGIN_FAILURES_BY_ADDRESS = { name: "staff-login-address", limit: 50, windowMs: 60 * 60_000 };

let dummyHash: Promise<string> | undefined;
/** Unknown e-mails cost a password check too, so the time tells nothing. */
const hashForUnknownEmail = () => (dummyHash ??= hashPassword(randomBytes(24).toString("base64")));

/** The person's password rule (the area holds refunds and prices: longer than a customer's). */
export function assertStaffPassword(password: string, person: { email: string; name: string }): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) throw badRequest(STAFF_PASSWORD_TOO_SHORT);
  if (isWeakPassword(password, person)) throw badRequest(STAFF_PASSWORD_WEAK);
}

async function checkStaffCredentials(deps: ApiDeps, email: string, password: string, address: string) {
  const failuresCounted = await reserve(
    deps,
    [
      [STAFF_LOGIN_FAILURES_BY_ACCOUNT, email],
      [STAFF_LOGIN_FAILURES_BY_ADDRESS, address],
    ],
    (wait) => tryAgainLater(wait, STAFF_LOGIN_THROTTLED),
  );
  const staff = await deps.db
    .selectFrom("staff")
    .selectAll()
    .where("email", "=", email)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  const matches = await verifyPassword(password, staff?.password_hash ?? (await hashForUnknownEmail()));
  if (!staff || !staff.password_hash || !matches) throw new ApiError(401, STAFF_WRONG_CREDENTIALS);
  await failuresCounted.release();
  return staff;
}

/** Login, logout, who-am-I and the one-time password links (invitations and resets). */
export function staffAuthRoutes(deps: ApiDeps) {
  return new Hono<StaffEnv>()
    .on(...at(gestorAuth.login), validated(gestorAuth.login), async (c) => {
      const { email, password } = c.req.valid("json");
      const address = callerAddress(c);
      const staff = await checkStaffCredentials(deps, email, password, address);
      const step = secondFactorStepOf(staff);
      const now = deps.now();
      const session = await issueStaffSession(deps.db, staff.id, now, { mfaPassed: step === null, address });
      await recordAudit(
        deps.db,
        { kind: "staff", staffId: staff.id, email: staff.email, address },
        { action: "staff.login", targetType: "staff", targetId: staff.id, summary: "Entrou na área do gestor" },
        now,
      );
      const units = (await unitCodesOf(deps.db, [staff.id])).get(staff.id) ?? [];
      return c.json({ session: { ...session, secondFactor: step }, staff: toStaffMember(staff, units) });
    })
    .on(...at(gestorAuth.me), requireStaff(deps, { pendingSecondFactor: true }), (c) => {
      const staff = c.get("staff");
      return c.json({
        staff: toStaffMember(staff, unitCodesIn(c.get("scope"))),
        secondFactor: c.get("secondFactorPassed") ? null : secondFactorStepOf(staff),
        expiresAt: c.get("staffSessionExpiresAt"),
      });
    })
    .on(...at(gestorAuth.logout), requireStaff(deps, { pendingSecondFactor: true }), async (c) => {
      const now = deps.now();
      await revokeStaffSession(deps.db, c.get("staffSessionId"), now);
      await recordAudit(
        deps.db,
        staffActor(c),
        { action: "staff.logout", targetType: "staff", targetId: c.get("staff").id, summary: "Saiu da área do gestor" },
        now,
      );
      return c.body(null, 204);
    })
    .on(...at(gestorAuth.checkPasswordLink), validated(gestorAuth.checkPasswordLink), async (c) => {
      const { token } = c.req.valid("json");
      const link = await findPasswordLink(deps.db, token, deps.now());
      if (!link) throw notFound(PASSWORD_LINK_GONE);
      return c.json({ staff: { name: link.name, email: link.email }, purpose: link.purpose });
    })
    .on(...at(gestorAuth.setPassword), validated(gestorAuth.setPassword), async (c) => {
      const { token, password } = c.req.valid("json");
      const now = deps.now();
      const link = await findPasswordLink(deps.db, token, now);
      if (!link) throw notFound(PASSWORD_LINK_GONE);
      assertStaffPassword(password, link);
      const passwordHash = await hashPassword(password);
      await deps.db.transaction().execute(async (trx) => {
        // Used once: a second request with the same link finds it used and changes nothing.
        if (!(await usePasswordLink(trx, link.linkId, now))) throw notFound(PASSWORD_LINK_GONE);
        await trx.updateTable("staff").set({ password_hash: passwordHash }).where("id", "=", link.staffId).execute();
        await revokeAllStaffSessions(trx, link.staffId, now);
        await recordAudit(
          trx,
          { kind: "staff", staffId: link.staffId, email: link.email, address: callerAddress(c) },
          {
            action: "staff.set-password",
            targetType: "staff",
            targetId: link.staffId,
            summary: link.purpose === "convite" ? "Definiu a senha do convite" : "Redefiniu a senha",
          },
          now,
        );
      });
      return c.json({ staff: { email: link.email } });
    });
}
