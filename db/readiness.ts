import { Migrator, sql } from "kysely";
import type { StoreDatabase } from "./client.ts";
import { migrationProvider } from "./migrations/index.ts";

/** Why the store should not get traffic yet, in a word or two a probe's log can show; null when ready. */
export type NotReadyReason = "banco inacessível" | `migrações pendentes: ${string}`;

/**
 * /readyz's database half (docs/decisions/0034-operations.md): the database answers a trivial query,
 * and every migration this build knows has run. A server started with a newer build than the
 * database (or on a database another server is still migrating) must not take shoppers.
 */
export async function databaseNotReadyReason(db: StoreDatabase): Promise<NotReadyReason | null> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return "banco inacessível";
  }
  try {
    const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
    const pending = migrations.filter((migration) => migration.executedAt === undefined).map(({ name }) => name);
    return pending.length === 0 ? null : `migrações pendentes: ${pending.join(", ")}`;
  } catch {
    return "banco inacessível";
  }
}
