import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type StoreDatabase } from "#db/client.ts";
import { hitRateLimit } from "./rate-limit.ts";

let db: StoreDatabase;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-rate-"));
  db = await openDatabase({ dataDir: dir });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("allows `limit` hits per window per subject, then opens again in the next window", async () => {
  let clock = Date.parse("2026-03-02T10:00:00Z");
  const deps = { db, now: () => new Date(clock) };
  const rule = { name: "login", limit: 3, windowMs: 60_000 };
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await hitRateLimit(deps, rule, "a@exemplo.com.br"));
  expect(results).toEqual([true, true, true, false]);
  expect(await hitRateLimit(deps, rule, "b@exemplo.com.br")).toBe(true);
  expect(await hitRateLimit(deps, { ...rule, name: "reset" }, "a@exemplo.com.br")).toBe(true);
  clock += 60_001;
  expect(await hitRateLimit(deps, rule, "a@exemplo.com.br")).toBe(true);
});

it("counts concurrent hits exactly", async () => {
  const deps = { db, now: () => new Date("2026-03-02T11:00:00Z") };
  const rule = { name: "burst", limit: 10, windowMs: 60_000 };
  const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(deps, rule, "x")));
  expect(results.filter(Boolean)).toHaveLength(10);
});
