/**
 * The forms of the staff's own pages, Equipe and the second factor: one schema for the browser
 * (Conform) and the action. The API checks again what only it can (the password's strength,
 * the code itself).
 */
import { z } from "zod";
import { newStaffSchema } from "#api/contract/gestor/team.ts";
import { staffRoleField, staffUnitsField } from "#api/contract/gestor/staff.ts";

/** An authenticator code (6 digits) or a recovery code. */
export const secondFactorSchema = z.object({
  code: z
    .string({ message: "Informe o código do aplicativo ou um código de recuperação." })
    .trim()
    .max(40, { message: "Código inválido." }),
  redirectTo: z.string().max(500).optional(),
});

/** Only the authenticator's 6 digits (enrolment, new recovery codes). */
export const authenticatorCodeSchema = z.object({
  code: z
    .string({ message: "Informe o código de 6 dígitos do aplicativo." })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, { message: "O código tem 6 dígitos." }),
  redirectTo: z.string().max(500).optional(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: "Informe a senha atual." }).max(200, { message: "Senha inválida." }),
    newPassword: z.string({ message: "Informe a nova senha." }).max(200, { message: "Senha longa demais." }),
    newPasswordConfirmation: z.string({ message: "Confirme a nova senha." }),
  })
  .refine((value) => value.newPassword === value.newPasswordConfirmation, {
    message: "As senhas não conferem.",
    path: ["newPasswordConfirmation"],
  });

/** The API's own schema: a secretary needs at least one unit (decision 0061). */
export const inviteSchema = newStaffSchema;

/** "Confirmo…": the dangerous actions (deactivate, reset the authenticator) need it ticked. */
export const confirmed = z.literal("on", { message: "Marque a confirmação para continuar." });

/** The actions of a person's page in Equipe, one per `intent`. */
export const memberActionSchema = z.discriminatedUnion("intent", [
  // A secretary's units are checked by the API (at least one, each of the network).
  z.object({ intent: z.literal("role"), role: staffRoleField, unitCodes: staffUnitsField }),
  z.object({ intent: z.literal("deactivate"), confirm: confirmed }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("reset-totp"), confirm: confirmed }),
  z.object({ intent: z.literal("password-link") }),
]);
export type MemberAction = z.infer<typeof memberActionSchema>;
