/**
 * The gestor area's staff (docs/decisions/0028-gestor-area.md): roles and what a session knows
 * of the person. Shared by the API and the area's pages.
 */
import { z } from "zod";

export const STAFF_ROLES = ["admin", "atendimento"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is called on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administrador",
  atendimento: "Atendimento",
};

/**
 * Who opens each part of the area that holds a family's records (0028: both roles work with
 * sales, customers and their students every day). One map for the API's guards of Pedidos and
 * Clientes e estudantes, the menu, and the header's search, which shows only the parts a role opens.
 */
export const PART_ROLES = {
  sales: STAFF_ROLES,
  customers: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
export type RecordPart = keyof typeof PART_ROLES;

export const staffRoleField = z.enum(STAFF_ROLES, { message: "Escolha um perfil válido." });

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether the person has a TOTP authenticator enrolled. */
  totpEnabled: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

/**
 * What the session still lacks before the area opens: the authenticator's code ("totp"), or
 * an authenticator at all for an admin, who must enrol one first ("enrol"); null when nothing.
 */
export const secondFactorStep = z.enum(["totp", "enrol"]).nullable();
export type SecondFactorStep = z.infer<typeof secondFactorStep>;
