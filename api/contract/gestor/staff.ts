/**
 * The gestor area's staff (docs/decisions/0028-gestor-area.md): roles and what a session knows
 * of the person. Shared by the API and the area's pages.
 */
import { z } from "zod";

export const STAFF_ROLES = ["admin", "atendimento", "secretaria"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is called on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administrador",
  atendimento: "Atendimento",
  secretaria: "Secretaria",
};

/**
 * The roles that work for the whole network; a unit's secretary ("secretaria", issue 27) works
 * for the units an admin gives her and sees only their orders, carts, families and tickets
 * (docs/decisions/0061-staff-of-one-unit.md).
 */
export const NETWORK_ROLES = ["admin", "atendimento"] as const satisfies readonly StaffRole[];
export const UNIT_ROLES = ["secretaria"] as const satisfies readonly StaffRole[];

/**
 * Who opens each part of the area (0028: admin and atendimento work with sales, customers and
 * their students every day; 0061: a secretary too, for her units). One map for the API's
 * guards, the pages' guards, the menu, and the header's search, which shows only the parts a
 * role opens. The admin-only parts (Equipe, Auditoria, Unidades, Séries, Integrações…) say
 * ["admin"] where they are guarded.
 */
export const PART_ROLES = {
  dashboard: STAFF_ROLES,
  sales: STAFF_ROLES,
  carts: STAFF_ROLES,
  customers: STAFF_ROLES,
  tickets: STAFF_ROLES,
  search: STAFF_ROLES,
  /** Catálogo and Cupons: atendimento reads them, only admins change them. */
  catalogue: NETWORK_ROLES,
  coupons: NETWORK_ROLES,
  /** Estoque: every role reads, a secretary her units' (api/contract/gestor/stock.ts says who changes). */
  stock: STAFF_ROLES,
  /** Separação, Prontos, Entrega, Troca (issue 30): admins, and a secretary for her units. */
  delivery: ["admin", "secretaria"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type GestorPart = keyof typeof PART_ROLES;
/** The parts the header's search looks into. */
export type RecordPart = "sales" | "customers";

export const staffRoleField = z.enum(STAFF_ROLES, { message: "Escolha um perfil válido." });

export const UNITS_REQUIRED = "Escolha ao menos uma unidade para a secretaria.";

/** A secretary's units (CODCOLIGADA), ticked in the form; the network's roles keep none. */
export const staffUnitsField = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, { message: "Escolha unidades da lista." }),
  )
  .max(100, { message: "Escolha unidades da lista." })
  .default([])
  .transform((codes) => [...new Set(codes)]);

/** A role and its units: a secretary needs at least one; the others' are dropped. */
export function withUnitsRule<T extends z.ZodType<{ role: StaffRole; unitCodes: string[] }>>(schema: T) {
  return schema
    .refine((access) => !(UNIT_ROLES as readonly string[]).includes(access.role) || access.unitCodes.length > 0, {
      message: UNITS_REQUIRED,
      path: ["unitCodes"],
    })
    .transform((access) =>
      (UNIT_ROLES as readonly string[]).includes(access.role) ? access : { ...access, unitCodes: [] as string[] },
    );
}

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether the person has a TOTP authenticator enrolled. */
  totpEnabled: z.boolean(),
  /** A secretary's units (CODCOLIGADA); empty for the network's roles, who see every unit. */
  unitCodes: z.array(z.string()),
});
export type StaffMember = z.infer<typeof staffMember>;

/**
 * What the session still lacks before the area opens: the authenticator's code ("totp"), or
 * an authenticator at all for an admin, who must enrol one first ("enrol"); null when nothing.
 */
export const secondFactorStep = z.enum(["totp", "enrol"]).nullable();
export type SecondFactorStep = z.infer<typeof secondFactorStep>;
