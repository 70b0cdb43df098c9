import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type StoreDatabase } from "./client.ts";

let db: StoreDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-client-"));
  db = await openDatabase({ dataDir });
  await sql`create table probe (name text primary key, value text not null)`.execute(db);
  await sql`insert into probe (name, value) values ('a', 'first')`.execute(db);
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Another process (a second server, the gestor script) writing to the same file, with a short wait. */
function writeFromAnotherProcess(): "written" | "busy" {
  const script = `
    const SQLite = require("better-sqlite3");
    const db = new SQLite(process.argv[1]);
    db.pragma("busy_timeout = 100");
    try {
      db.prepare("insert into probe (name, value) values ('b', 'other process')").run();
      process.stdout.write("written");
    } catch (error) {
      if (error.code !== "SQLITE_BUSY") throw error;
      process.stdout.write("busy");
    }`;
  return execFileSync(process.execPath, ["-e", script, path.join(dataDir, "store.sqlite")], {
    encoding: "utf8",
  }) as "written" | "busy";
}

it("a transaction that reads and then writes holds the write lock from its start, so another process cannot slip in between", async () => {
  const otherProcess = await db.transaction().execute(async (trx) => {
    await sql`select * from probe`.execute(trx);
    const outcome = writeFromAnotherProcess();
    await sql`update probe set value = 'second' where name = 'a'`.execute(trx);
    return outcome;
  });

  expect(otherProcess).toBe("busy");
  const { rows } = await sql`select name, value from probe`.execute(db);
  expect(rows).toEqual([{ name: "a", value: "second" }]);
  expect(writeFromAnotherProcess()).toBe("written");
});
