import { unitFrom, type SchoolUnit } from "#core/school-units.ts";
import type { StoreDatabase } from "#db/client.ts";

/** A unit of a store's network, as school_units keeps it (migration 0034). */
export interface StoreUnit extends SchoolUnit {
  pickupHours: string | null;
  active: boolean;
  position: number;
}

/** Every unit of the store, active or not, in the network's order. */
export async function listUnits(db: StoreDatabase, storeId: number): Promise<StoreUnit[]> {
  const rows = await db
    .selectFrom("school_units")
    .select(["code", "name", "address", "city", "phone", "email", "pickup_hours", "active", "position"])
    .where("store_id", "=", storeId)
    .orderBy("position")
    .orderBy("code")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    address: row.address,
    city: row.city,
    phone: row.phone,
    email: row.email,
    pickupHours: row.pickup_hours,
    active: row.active === 1,
    position: row.position,
  }));
}

/** The units a customer or a form may choose now. */
export async function listActiveUnits(db: StoreDatabase, storeId: number): Promise<StoreUnit[]> {
  return (await listUnits(db, storeId)).filter((unit) => unit.active);
}

/**
 * The unit of `code`, inactive ones too (an old order keeps its unit's name); an unknown code
 * gets spec §9's fallback: the store's head office, else the default unit.
 */
export async function unitByCode(db: StoreDatabase, storeId: number, code: string): Promise<SchoolUnit> {
  return unitFrom(await listUnits(db, storeId), code);
}

/**
 * The units of the stores the given students belong to, by store (one query): what names the
 * units of a student reply (spec §3 Affiliates).
 */
export async function unitsOfStudentsStores(
  db: StoreDatabase,
  studentIds: string[],
): Promise<Map<number, SchoolUnit[]>> {
  const rows = await db
    .selectFrom("school_units")
    .select(["store_id", "code", "name", "address", "city", "phone", "email"])
    .where("store_id", "in", db.selectFrom("students").select("store_id").where("id", "in", studentIds))
    .execute();
  const byStore = new Map<number, SchoolUnit[]>();
  for (const { store_id, ...unit } of rows) byStore.set(store_id, [...(byStore.get(store_id) ?? []), unit]);
  return byStore;
}
