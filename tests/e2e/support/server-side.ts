import { execFileSync } from "node:child_process";
import { test } from "@playwright/test";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { e2eEnv, e2ePostgres } from "./e2e-env.ts";

/**
 * The running test's store database: the PostgreSQL one in the postgres-* projects (0035), else
 * the SQLite file; for a spec on another store (`test.use({ baseURL })`: the Mercado Pago store,
 * the storefront on the school's API), the database of the store behind that base URL.
 */
function storeDatabase(baseURL?: string): { dataDir: string; databaseUrl?: string } {
  if (baseURL === e2eEnv.mercadoPago.baseURL) return { dataDir: e2eEnv.mercadoPago.dataDir };
  if (baseURL === e2eEnv.schoolApi.baseURL) return { dataDir: e2eEnv.schoolApi.apiDataDir };
  const onPostgres = test.info().project.name.startsWith("postgres");
  return e2ePostgres && onPostgres
    ? { dataDir: e2eEnv.dataDir, databaseUrl: e2ePostgres.databaseUrl }
    : { dataDir: e2eEnv.dataDir };
}

const databaseUrlOf = ({ databaseUrl }: { databaseUrl?: string }) => (databaseUrl ? { DATABASE_URL: databaseUrl } : {});

/**
 * Runs the gestor's command-line tool (scripts/gestor.ts) on the e2e server's database, as the
 * gestor would act on the server side (spec §6); answers what it printed.
 */
export function gestor(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/gestor.ts", ...args], {
    env: { ...process.env, DATA_DIR: e2eEnv.dataDir, ...databaseUrlOf(storeDatabase()) },
    encoding: "utf8",
  });
}

/**
 * Changes the e2e server's database directly, for what no screen or API of the store does;
 * `baseURL`: the store the test talks to, when a spec chose another (storeDatabase).
 */
export async function withStoreDatabase<T>(work: (db: StoreDatabase) => Promise<T>, baseURL?: string): Promise<T> {
  const db = await openDatabase(storeDatabase(baseURL));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
