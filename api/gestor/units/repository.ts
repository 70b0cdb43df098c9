/**
 * Unidades' writes (school_units, migration 0034). Reads are api/units/repository.ts's, the
 * storefront's own, so the gestor and the shop see a unit the same way.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { UnitFields } from "../../contract/gestor/units.ts";
import { listUnits, type StoreUnit } from "../../units/repository.ts";

export async function findUnit(db: Kysely<Database>, storeId: number, code: string): Promise<StoreUnit | undefined> {
  return (await listUnits(db, storeId)).find((unit) => unit.code === code);
}

const columnsOf = (fields: UnitFields) => ({
  name: fields.name,
  address: fields.address,
  city: fields.city,
  phone: fields.phone,
  email: fields.email,
  pickup_hours: fields.pickupHours ?? null,
  active: fields.active ? 1 : 0,
});

/** Placed after every other unit of the store. */
export async function insertUnit(
  db: Kysely<Database>,
  storeId: number,
  code: string,
  fields: UnitFields,
  at: string,
): Promise<void> {
  const { last } = await db
    .selectFrom("school_units")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("store_id", "=", storeId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("school_units")
    .values({
      store_id: storeId,
      code,
      ...columnsOf(fields),
      position: Number(last ?? 0) + 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updateUnit(
  db: Kysely<Database>,
  storeId: number,
  code: string,
  fields: UnitFields,
  at: string,
): Promise<void> {
  await db
    .updateTable("school_units")
    .set({ ...columnsOf(fields), updated_at: at })
    .where("store_id", "=", storeId)
    .where("code", "=", code)
    .execute();
}

/** Numbers the units 1, 2, 3… in the order given, writing only the ones whose place changes. */
export async function renumberUnits(
  db: Kysely<Database>,
  storeId: number,
  ordered: readonly StoreUnit[],
  at: string,
): Promise<void> {
  for (const [index, unit] of ordered.entries()) {
    if (unit.position === index + 1) continue;
    await db
      .updateTable("school_units")
      .set({ position: index + 1, updated_at: at })
      .where("store_id", "=", storeId)
      .where("code", "=", unit.code)
      .execute();
  }
}

/** Two writes racing past the check meet the table's primary key (store_id, code). */
export function isDuplicateKey(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
