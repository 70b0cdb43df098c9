import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, expect, it, vi } from "vitest";
import { migrateToLatest, openDatabase } from "./client.ts";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each prepared statement holds SQLite memory the garbage collector does not see; preparing one
// per query grew a loaded server past 1 GB (docs/decisions/0038).
it("prepares each SQL text once on the SQLite file, however often it runs", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-stmt-"));
  dirs.push(dataDir);
  const db = await openDatabase({ dataDir });
  await migrateToLatest(db);
  const prepare = vi.spyOn(SQLite.prototype, "prepare");
  const categoryTitles = (storeId: number) =>
    db.selectFrom("categories").select("title").where("store_id", "=", storeId).execute();
  for (let i = 0; i < 50; i++) {
    await categoryTitles(i);
    await db.transaction().execute((trx) => trx.selectFrom("stores").select("id").where("id", "=", i).execute());
  }
  const prepared = prepare.mock.calls.map(([sql]) => sql);
  expect(prepared.filter((sql) => sql.includes('from "categories"'))).toHaveLength(1);
  expect(prepared.filter((sql) => sql.includes('from "stores"'))).toHaveLength(1);
  expect(await categoryTitles(1)).toEqual([]);
  await db.destroy();
});
