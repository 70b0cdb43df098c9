/** The gestor area's login forms: one schema for the browser (Conform) and the action. */
import { z } from "zod";

export const staffLoginSchema = z.object({
  email: z
    .string({ message: "Informe o e-mail." })
    .trim()
    .max(254, { message: "E-mail inválido." })
    .email({ message: "E-mail inválido." }),
  password: z.string({ message: "Informe a senha." }).max(200, { message: "Senha inválida." }),
  redirectTo: z.string().max(500).optional(),
});

/** The API says how long and how strong (api/gestor/staff/routes.ts); here, only a match. */
export const staffNewPasswordSchema = z
  .object({
    password: z.string({ message: "Informe a nova senha." }).max(200, { message: "Senha longa demais." }),
    passwordConfirmation: z.string({ message: "Confirme a nova senha." }),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    message: "As senhas não conferem.",
    path: ["passwordConfirmation"],
  });
