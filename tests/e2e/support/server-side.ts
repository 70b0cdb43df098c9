import { execFileSync } from "node:child_process";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { e2eEnv } from "./e2e-env.ts";

/**
 * Runs the gestor's command-line tool (scripts/gestor.ts) on the e2e server's database, as the
 * gestor would act on the server side (spec §6); answers what it printed.
 */
export function gestor(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/gestor.ts", ...args], {
    env: { ...process.env, DATA_DIR: e2eEnv.dataDir },
    encoding: "utf8",
  });
}

/** Changes the e2e server's database directly, for what no screen or API of the store does. */
export async function withStoreDatabase<T>(work: (db: StoreDatabase) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: e2eEnv.dataDir });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
