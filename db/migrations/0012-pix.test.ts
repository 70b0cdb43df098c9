import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type StoreDatabase } from "../client.ts";
import { migrationProvider } from "./index.ts";

let db: StoreDatabase | undefined;
afterEach(() => db?.destroy());

/** A database at 0011 with `methods` written, then migrated to the latest. */
async function migratedWith(methods: [number, string, string][]) {
  db = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "loja-0012-")) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo("0011-mail-outbox");
  if (before.error) throw before.error;
  for (const [id, code, name] of methods)
    await sql`insert into payment_methods (id, code, name) values (${id}, ${code}, ${name})`.execute(db);
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
  return db.selectFrom("payment_methods").select(["id", "code", "name"]).orderBy("id").execute();
}

describe("migration 0012 (Pix)", () => {
  it("adds Pix as code 3 to a store that already has its payment methods", async () => {
    expect(
      await migratedWith([
        [1, "0", "boleto"],
        [2, "1", "credito"],
        [3, "2", "gratuito"],
      ]),
    ).toEqual([
      { id: 1, code: "0", name: "boleto" },
      { id: 2, code: "1", name: "credito" },
      { id: 3, code: "2", name: "gratuito" },
      { id: 4, code: "3", name: "pix" },
    ]);
  });

  it("leaves an empty table to the seed", async () => {
    expect(await migratedWith([])).toEqual([]);
  });
});
