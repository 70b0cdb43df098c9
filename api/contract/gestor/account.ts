/**
 * The second factor (TOTP) and a person's own account (issue 15; docs/decisions/0028-gestor-area.md):
 * the code after the password, the authenticator's enrolment, recovery codes and the own
 * password. Beyond spec §7: the bundled API's own calls.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { staffMember } from "./staff.ts";

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx); spaces and case are forgiven. */
export const secondFactorCode = z
  .string({ message: "Informe o código." })
  .trim()
  .min(1, { message: "Informe o código." })
  .max(40, { message: "Código inválido." });

const recoveryCodes = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

export const gestorAccount = {
  /** Bearer (staff, second factor owed). The authenticator's code or a recovery code. Limited (429). */
  giveSecondFactor: endpoint({
    method: "POST",
    path: "/gestor/auth/second-factor",
    body: z.object({ code: secondFactorCode }),
    reply: z.object({ staff: staffMember, recoveryCodesLeft: z.number() }),
  }),
  /**
   * Bearer (staff without an authenticator; an admin's first session may still owe it). The
   * secret to enrol: a new one, or the one already offered and not yet confirmed.
   */
  startTotpEnrolment: endpoint({
    method: "POST",
    path: "/gestor/auth/totp/enrolment",
    reply: z.object({ secret: z.string(), uri: z.string() }),
  }),
  /** Bearer. A first code of the new authenticator turns it on; answers the recovery codes. */
  confirmTotpEnrolment: endpoint({
    method: "POST",
    path: "/gestor/auth/totp/confirm",
    body: z.object({ code: secondFactorCode }),
    reply: recoveryCodes,
  }),
  /** Bearer. New recovery codes (the old ones stop working), against a code of the authenticator. */
  regenerateRecoveryCodes: endpoint({
    method: "POST",
    path: "/gestor/account/recovery-codes",
    body: z.object({ code: secondFactorCode }),
    reply: recoveryCodes,
  }),
  /** Bearer. The own password; ends the person's other sessions. 204. */
  changePassword: endpoint({
    method: "POST",
    path: "/gestor/account/password",
    body: z.object({
      currentPassword: z
        .string({ message: "Informe a senha atual." })
        .min(1, { message: "Informe a senha atual." })
        .max(200),
      newPassword: z.string({ message: "Informe a nova senha." }).max(200, { message: "Senha longa demais." }),
    }),
    reply: null,
  }),
};
