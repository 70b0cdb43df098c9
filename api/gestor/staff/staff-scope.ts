/**
 * Which units a staff member works for (issue 27; docs/decisions/0061-staff-of-one-unit.md).
 * The network's roles see every unit; a secretary sees the records of her units only:
 * - a sale with a line of her units (a line's unit is the product's, kept on the sale);
 * - a student with a live enrolment (school year) in her units;
 * - a customer linked to such a student, or with a sale of her units;
 * - a cart with a product of her units or a bag for a student of her units;
 * - a ticket about her units.
 * Each rule is a subquery of ids here, used as `where(column, "in", …)` by every list, page and
 * action, so the lists and the pages cannot disagree on what a secretary may see.
 *
 * Runs under plain Node (type stripping) for the command-line tool, which is network-wide.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { UNIT_ROLES, type StaffRole } from "../../contract/gestor/staff.ts";

export type StaffScope = { kind: "network" } | { kind: "units"; unitCodes: readonly string[] };

/** The network's roles and the command line: every unit. */
export const WHOLE_NETWORK: StaffScope = { kind: "network" };

export const NO_UNITS = "Seu perfil ainda não tem unidade. Peça a um administrador que indique as suas.";

/** Thrown where a secretary without units would read unit records (the API answers 403). */
export class NoUnitsError extends Error {
  constructor() {
    super(NO_UNITS);
    this.name = "NoUnitsError";
  }
}

const isUnitRole = (role: string) => (UNIT_ROLES as readonly string[]).includes(role);

/** Each person's units (empty for whoever has none), by staff id. */
export async function unitCodesOf(db: Kysely<Database>, staffIds: readonly string[]): Promise<Map<string, string[]>> {
  const units = new Map<string, string[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return units;
  const rows = await db
    .selectFrom("staff_units")
    .select(["staff_id", "unit_code"])
    .where("staff_id", "in", [...staffIds])
    .execute();
  for (const row of rows.sort((a, b) => Number(a.unit_code) - Number(b.unit_code)))
    units.get(row.staff_id)?.push(row.unit_code);
  return units;
}

/** What a person of this role and these units sees. */
export function scopeFor(role: StaffRole | string, unitCodes: readonly string[]): StaffScope {
  return isUnitRole(role) ? { kind: "units", unitCodes } : WHOLE_NETWORK;
}

export async function scopeOf(db: Kysely<Database>, staff: { id: string; role: string }): Promise<StaffScope> {
  if (!isUnitRole(staff.role)) return WHOLE_NETWORK;
  return scopeFor(staff.role, (await unitCodesOf(db, [staff.id])).get(staff.id) ?? []);
}

/** The units a reply names for the person: a secretary's, none for the network's roles. */
export const unitCodesIn = (scope: StaffScope): readonly string[] => (scope.kind === "units" ? scope.unitCodes : []);

/** The scope's units, or null for the whole network; a secretary without units reads nothing. */
export function unitsOf(scope: StaffScope): readonly string[] | null {
  if (scope.kind === "network") return null;
  if (scope.unitCodes.length === 0) throw new NoUnitsError();
  return scope.unitCodes;
}

export const inScope = (scope: StaffScope, unitCode: string | null) =>
  scope.kind === "network" || (unitCode !== null && scope.unitCodes.includes(unitCode));

/** Ids of the sales with a line of the units. */
export const salesOfUnits = (db: Kysely<Database>, units: readonly string[]) =>
  db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select("sale_bags.sale_id")
    .where("sale_bag_items.unit_code", "in", [...units]);

/** Ids of the students with a live enrolment in the units. */
export const studentsOfUnits = (db: Kysely<Database>, units: readonly string[]) =>
  db
    .selectFrom("student_school_years")
    .select("student_school_years.student_id")
    .where("student_school_years.codcoligada", "in", [...units])
    .where("student_school_years.deleted_at", "is", null);

/** Ids of the customers linked to a student of the units, or with a sale of them. */
export const customersOfUnits = (db: Kysely<Database>, units: readonly string[]) =>
  db
    .selectFrom("customer_students")
    .select("customer_students.customer_id")
    .where("customer_students.deleted_at", "is", null)
    .where("customer_students.student_id", "in", studentsOfUnits(db, units))
    .union(db.selectFrom("sales").select("sales.customer_id").where("sales.id", "in", salesOfUnits(db, units)));

/** Ids of the carts with a product of the units or a bag for a student of them. */
export const cartsOfUnits = (db: Kysely<Database>, units: readonly string[]) =>
  db
    .selectFrom("cart_bags")
    .innerJoin("cart_items", "cart_items.bag_id", "cart_bags.id")
    .innerJoin("products", "products.id", "cart_items.product_id")
    .select("cart_bags.cart_id")
    .where("products.unit_code", "in", [...units])
    .union(
      db
        .selectFrom("cart_bags")
        .select("cart_bags.cart_id")
        .where("cart_bags.student_id", "in", studentsOfUnits(db, units)),
    );
