import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema.ts";
import { migrationProvider } from "./migrations/index.ts";

export type StoreDatabase = Kysely<Database>;

export interface DatabaseOptions {
  /** Folder of the embedded SQLite file (store.sqlite). */
  dataDir: string;
  /** A postgres:// URL; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<StoreDatabase> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    // COUNT and SUM come back as strings by default; the store counts small numbers.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }),
    });
  }
  const { default: SQLite } = await import("better-sqlite3");
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, "store.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: StoreDatabase): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`[db] migração ${result.migrationName} falhou`);
  }
  if (error) throw error;
}
