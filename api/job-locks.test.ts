import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateToLatest, type StoreDatabase } from "#db/client.ts";
import { emptySharedDatabase } from "#tests/fixtures/shared-database.ts";
import { withJobLock } from "./job-locks.ts";

// Two servers, each with its own connections to one database (PostgreSQL under
// scripts/test-postgres.sh): the periodic jobs (boleto expiry, payment reconciliation) must run
// on one of them at a time (docs/decisions/0035-several-servers.md).
let shared: Awaited<ReturnType<typeof emptySharedDatabase>>;
let servers: StoreDatabase[];
beforeAll(async () => {
  shared = await emptySharedDatabase();
  servers = [await shared.open(), await shared.open()];
  await migrateToLatest(servers[0]!);
});
afterAll(() => shared.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("servers running a job at the same moment: never two at once, and a run every round", async () => {
  let active = 0;
  let mostAtOnce = 0;
  for (let round = 0; round < 10; round++) {
    const outcomes = await Promise.all(
      [...servers, ...servers].map((db) =>
        withJobLock({ db, now: () => new Date() }, "expire-boletos", 60_000, async () => {
          mostAtOnce = Math.max(mostAtOnce, ++active);
          await pause(20);
          active -= 1;
        }),
      ),
    );
    // A server whose turn comes after the run has ended may run it again: it finds nothing due.
    expect(outcomes.some((outcome) => !outcome.skipped)).toBe(true);
  }
  expect(mostAtOnce).toBe(1);
});

it("a server that died holding the lock keeps it only until its lease runs out", async () => {
  const start = new Date("2026-02-02T12:00:00.000Z");
  let diedMidJob: Promise<unknown> | undefined;
  const dying = new Promise<void>((resolve) => {
    // The job never ends, as if its process had been killed: the lock is never given back.
    diedMidJob = withJobLock({ db: servers[0]!, now: () => start }, "reconcile-payments", 60_000, () => {
      resolve();
      return new Promise(() => undefined);
    });
  });
  await dying;
  void diedMidJob;

  const at = (ms: number) => ({ db: servers[1]!, now: () => new Date(start.getTime() + ms) });
  expect(await withJobLock(at(59_000), "reconcile-payments", 60_000, async () => "ran")).toEqual({ skipped: true });
  expect(await withJobLock(at(60_000), "reconcile-payments", 60_000, async () => "ran")).toEqual({
    skipped: false,
    result: "ran",
  });
});
