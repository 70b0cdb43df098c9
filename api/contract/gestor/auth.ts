/**
 * Staff login and sessions (issue 15; docs/decisions/0028-gestor-area.md). Beyond spec §7: the
 * bundled API's own calls, under /gestor (mounted at /api/gestor). A staff session's bearer
 * token is not a customer's: a customer's token answers 401 on every /gestor call.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { secondFactorStep, staffMember } from "./staff.ts";

const email = z
  .string({ message: "Informe o e-mail." })
  .trim()
  .toLowerCase()
  .min(1, { message: "Informe o e-mail." })
  .max(254, { message: "E-mail inválido." })
  .email({ message: "E-mail inválido." });

const sessionReply = z.object({
  session: z.object({
    token: z.string(),
    /** Absolute end (8 h after login); 30 idle minutes end it sooner. ISO. */
    expiresAt: z.string(),
    secondFactor: secondFactorStep,
  }),
  staff: staffMember,
});

export const gestorAuth = {
  /** E-mail and password. The session may still need the second factor (secondFactor). Limited (429). */
  login: endpoint({
    method: "POST",
    path: "/gestor/auth/login",
    body: z.object({
      email,
      password: z.string({ message: "Informe a senha." }).min(1, { message: "Informe a senha." }).max(200),
    }),
    reply: sessionReply,
  }),
  /** Bearer (staff). Who the session is, and what it still lacks. */
  me: endpoint({
    method: "GET",
    path: "/gestor/auth/me",
    reply: z.object({ staff: staffMember, secondFactor: secondFactorStep, expiresAt: z.string() }),
  }),
  /** Bearer (staff). Ends the session. 204. */
  logout: endpoint({ method: "POST", path: "/gestor/auth/logout", reply: null }),
  /** Who a one-time password link is for (invitation or reset); 404 when used or expired. */
  checkPasswordLink: endpoint({
    method: "POST",
    path: "/gestor/auth/password-link",
    body: z.object({ token: z.string().min(20).max(200) }),
    reply: z.object({
      staff: z.object({ name: z.string(), email: z.string() }),
      purpose: z.enum(["convite", "redefinicao"]),
    }),
  }),
  /** Sets the password through a one-time link and uses the link up. Ends the person's sessions. */
  setPassword: endpoint({
    method: "POST",
    path: "/gestor/auth/set-password",
    body: z.object({ token: z.string().min(20).max(200), password: z.string().max(200) }),
    reply: z.object({ staff: z.object({ email: z.string() }) }),
  }),
};
