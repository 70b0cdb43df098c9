/**
 * One server of many runs a periodic job at a time (docs/decisions/0018-payment-flow.md): the
 * job_locks row is taken by one atomic update, only when it is free or its holder's time ran out
 * (a holder that crashed). Losing the race is not an error: the other server is doing the work.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export interface JobLockDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** The holder's hold on a job lock, for a job that may outlast a first lease. */
export interface JobLease {
  /**
   * Extends the lease by its TTL from now; answers false when this holder no longer has the lock
   * (its lease ran out and another holder took it), and the job must then stop at once.
   */
  renew: () => Promise<boolean>;
}

/**
 * Runs `job` when this holder takes the lock `name` for `ttlMs`, and answers its result;
 * answers `{ skipped: true }` when another holder has it. A job longer than `ttlMs` renews its
 * lease as it goes (`lease.renew()`), or another server would take the lock meanwhile.
 */
export async function withJobLock<T>(
  { db, now }: JobLockDeps,
  name: string,
  ttlMs: number,
  job: (lease: JobLease) => Promise<T>,
): Promise<{ skipped: false; result: T } | { skipped: true }> {
  const holder = crypto.randomUUID();
  const start = now();
  await db
    .insertInto("job_locks")
    .values({ name, holder: "", locked_until: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const taken = await db
    .updateTable("job_locks")
    .set({ holder, locked_until: new Date(start.getTime() + ttlMs).toISOString() })
    .where("name", "=", name)
    .where("locked_until", "<=", start.toISOString())
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return { skipped: true };
  // Only the holder's own row is extended: a holder whose lease ran out and was taken over
  // finds its name gone and stops, so two servers never both go on.
  const renew = async () => {
    const renewed = await db
      .updateTable("job_locks")
      .set({ locked_until: new Date(now().getTime() + ttlMs).toISOString() })
      .where("name", "=", name)
      .where("holder", "=", holder)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1;
  };
  try {
    return { skipped: false, result: await job({ renew }) };
  } finally {
    await db
      .updateTable("job_locks")
      .set({ locked_until: new Date(0).toISOString() })
      .where("name", "=", name)
      .where("holder", "=", holder)
      .execute();
  }
}
