import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { DEMO_SCHOOL_UNITS } from "./units-data.ts";

/**
 * The demo network's units (the head office as code "0", then the schools), as a store
 * upgraded by migration 0034 has them. Skipped on a database older than 0034 (a migration test
 * seeds at an earlier step): 0034 then writes them for the store that exists.
 */
export async function seedSchoolUnits(db: Kysely<Database>, storeId: number, createdAt: string): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === "school_units")) return;
  await db
    .insertInto("school_units")
    .values(
      DEMO_SCHOOL_UNITS.map((unit, index) => ({
        store_id: storeId,
        code: unit.code,
        name: unit.name,
        address: unit.address,
        city: unit.city,
        phone: unit.phone,
        email: unit.email,
        pickup_hours: unit.pickupHours,
        active: 1,
        position: index + 1,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
}
