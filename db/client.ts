import fs from "node:fs";
import path from "node:path";
import { CompiledQuery, Kysely, Migrator, PostgresDialect, sql, SqliteDialect, SqliteDriver } from "kysely";
import type { DatabaseConnection, SqliteDialectConfig } from "kysely";
import type { Database } from "./schema.ts";
import { migrationProvider } from "./migrations/index.ts";
import { withStatementCache } from "./sqlite-statements.ts";

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
  // SQLite's own lower() folds ASCII only, so a search for "érica" missed "Érica" where
  // PostgreSQL's lower() finds it. This one folds every letter as PostgreSQL does, so the
  // gestor's searches (lower(column) LIKE …) answer alike on both (issue 25, point 15).
  sqlite.function("lower", { deterministic: true }, (text: unknown) =>
    text === null || text === undefined ? null : String(text).toLowerCase(),
  );
  return new Kysely<Database>({ dialect: new WriteFirstSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Transactions take SQLite's write lock when they begin ("begin immediate"), not at their first write.
 * Every store transaction reads and then writes; a deferred one that read before another process
 * (a second server, the gestor script) committed cannot upgrade and fails at once with
 * SQLITE_BUSY_SNAPSHOT, which busy_timeout does not wait out. Taking the lock first makes them queue.
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class WriteFirstSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new WriteFirstSqliteDriver(this.#config);
  }
}

export async function migrateToLatest(db: StoreDatabase): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`[db] migração ${result.migrationName} falhou`);
  }
  if (error) throw error;
}

/** The key of the PostgreSQL advisory lock around migrations and seeding ("Loja" in ASCII). */
const SETUP_LOCK_KEY = 0x4c6f6a61;
/** How long a server waits for another to finish setting the database up before it gives up. */
const SETUP_LOCK_WAIT_MS = 10 * 60_000;

/**
 * Runs `work` (migrations, then the demo seed) while no other server does the same on this
 * database, so servers started at the same moment on an empty one migrate and seed it once
 * (docs/decisions/0035-several-servers.md). PostgreSQL: a session advisory lock, held by one
 * pooled connection and released by the database if the process dies. SQLite: an exclusive
 * transaction on DATA_DIR/setup.lock, a file of its own (the store's file must stay writable for
 * `work`), which the operating system releases if the process dies.
 */
export async function withSetupLock<T>(
  db: StoreDatabase,
  options: DatabaseOptions,
  work: () => Promise<T>,
): Promise<T> {
  if (options.databaseUrl) {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${SETUP_LOCK_KEY})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${SETUP_LOCK_KEY})`.execute(connection);
      }
    });
  }
  const { default: SQLite } = await import("better-sqlite3");
  fs.mkdirSync(options.dataDir, { recursive: true });
  const lock = new SQLite(path.join(options.dataDir, "setup.lock"));
  try {
    // No busy_timeout: better-sqlite3 would wait synchronously, stopping this process's event
    // loop, and with it a holder in the same process (tests open two databases in one).
    lock.pragma("busy_timeout = 0");
    for (let waited = 0; ; waited += 100) {
      try {
        lock.exec("begin exclusive");
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
        if (waited >= SETUP_LOCK_WAIT_MS)
          throw new Error("[db] outro servidor não terminou de preparar o banco de dados");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return await work();
  } finally {
    lock.close();
  }
}
