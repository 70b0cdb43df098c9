import { Hono, type Context } from "hono";
import { gestorAccount } from "../../contract/gestor/account.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { hashPassword, verifyPassword } from "#db/passwords.ts";
import { reserve, tryAgainLater } from "../../rate-limit.ts";
import { at, validated } from "../../validation.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import {
  confirmTotpEnrolment,
  giveSecondFactor,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from "../staff/second-factor.ts";
import { assertStaffPassword, STAFF_LOGIN_FAILURES_BY_ACCOUNT, STAFF_LOGIN_THROTTLED } from "../staff/routes.ts";
import { toStaffMember } from "../staff/staff-member.ts";
import { unitCodesIn } from "../staff/staff-scope.ts";

export const CURRENT_PASSWORD_WRONG = "A senha atual não confere.";
export const SAME_PASSWORD = "A nova senha precisa ser diferente da atual.";

const attemptOf = (c: Context<StaffEnv>) => ({
  staff: c.get("staff"),
  sessionId: c.get("staffSessionId"),
  actor: staffActor(c),
});

/**
 * The second factor (the code step and the enrolment, open to a session that still owes it)
 * and the person's own account (/gestor/minha-conta).
 */
export function staffAccountRoutes(deps: ApiDeps) {
  const pending = requireStaff(deps, { pendingSecondFactor: true });
  const {
    giveSecondFactor: secondFactor,
    confirmTotpEnrolment: confirmTotp,
    regenerateRecoveryCodes: newCodes,
  } = gestorAccount;
  return new Hono<StaffEnv>()
    .on(...at(secondFactor), pending, validated(secondFactor), async (c) => {
      const { code } = c.req.valid("json");
      await giveSecondFactor(deps, attemptOf(c), code);
      const staff = c.get("staff");
      return c.json({
        staff: toStaffMember(staff, unitCodesIn(c.get("scope"))),
        recoveryCodesLeft: await recoveryCodesLeft(deps.db, staff.id),
      });
    })
    .on(...at(gestorAccount.startTotpEnrolment), pending, async (c) =>
      c.json(await startTotpEnrolment(deps, c.get("staff"))),
    )
    .on(...at(confirmTotp), pending, validated(confirmTotp), async (c) => {
      const { code } = c.req.valid("json");
      return c.json({ recoveryCodes: await confirmTotpEnrolment(deps, attemptOf(c), code) });
    })
    .on(...at(newCodes), requireStaff(deps), validated(newCodes), async (c) => {
      const { code } = c.req.valid("json");
      return c.json({ recoveryCodes: await regenerateRecoveryCodes(deps, attemptOf(c), code) });
    })
    .on(...at(gestorAccount.changePassword), requireStaff(deps), validated(gestorAccount.changePassword), async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const staff = c.get("staff");
      // Counted with the login's failures: this form must not be a way around their limit.
      const failures = await reserve(deps, [[STAFF_LOGIN_FAILURES_BY_ACCOUNT, staff.email]], (wait) =>
        tryAgainLater(wait, STAFF_LOGIN_THROTTLED),
      );
      if (!staff.password_hash || !(await verifyPassword(currentPassword, staff.password_hash)))
        throw new ApiError(400, CURRENT_PASSWORD_WRONG);
      await failures.release();
      if (currentPassword === newPassword) throw new ApiError(400, SAME_PASSWORD);
      assertStaffPassword(newPassword, staff);
      const passwordHash = await hashPassword(newPassword);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await trx.updateTable("staff").set({ password_hash: passwordHash }).where("id", "=", staff.id).execute();
        // Every other session ends (a stolen one among them); this one goes on.
        await trx
          .updateTable("staff_sessions")
          .set({ revoked_at: now.toISOString() })
          .where("staff_id", "=", staff.id)
          .where("id", "<>", c.get("staffSessionId"))
          .where("revoked_at", "is", null)
          .execute();
        await recordAudit(
          trx,
          staffActor(c),
          {
            action: "staff.change-password",
            targetType: "staff",
            targetId: staff.id,
            summary: "Trocou a própria senha e encerrou as outras sessões",
          },
          now,
        );
      });
      return c.body(null, 204);
    });
}
