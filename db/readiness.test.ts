import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type StoreDatabase } from "./client.ts";
import { databaseNotReadyReason } from "./readiness.ts";

const opened: { db: StoreDatabase; dataDir: string }[] = [];

async function freshDatabase(): Promise<StoreDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-readiness-"));
  const db = await openDatabase({ dataDir });
  opened.push({ db, dataDir });
  return db;
}

afterEach(async () => {
  for (const { db, dataDir } of opened.splice(0)) {
    await db.destroy().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it("is ready once every migration of the build has run", async () => {
  const db = await freshDatabase();
  await migrateToLatest(db);
  expect(await databaseNotReadyReason(db)).toBeNull();
});

it("names the pending migrations of a database this build has not migrated", async () => {
  const db = await freshDatabase();
  expect(await databaseNotReadyReason(db)).toMatch(/^migrações pendentes: 0001-/);
});

it("says the database is unreachable when it does not answer", async () => {
  const db = await freshDatabase();
  await migrateToLatest(db);
  await db.destroy();
  expect(await databaseNotReadyReason(db)).toBe("banco inacessível");
});
