import type { Context, MiddlewareHandler } from "hono";
import { sql } from "kysely";
import type { ApiDeps } from "./deps.ts";
import { ApiError } from "./errors.ts";

export interface RateLimit {
  /** Names the counter, e.g. "newsletter". */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export const TOO_MANY_REQUESTS = "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.";

/**
 * Counts one hit for `subject` and tells whether it is within the limit. One atomic
 * upsert, so concurrent requests on several servers sharing the database count right.
 */
export async function hitRateLimit(
  deps: Pick<ApiDeps, "db" | "now">,
  rule: RateLimit,
  subject: string,
): Promise<boolean> {
  return (await countHit(deps, rule, subject)).hits <= rule.limit;
}

/** One more hit in the rule's current window (a new window once the last one is over). */
async function countHit({ db, now }: Pick<ApiDeps, "db" | "now">, rule: RateLimit, subject: string) {
  const at = now().getTime();
  const windowStart = at - rule.windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key: `${rule.name}:${subject}`, window_started_at: at, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${at} else rate_limits.window_started_at end`,
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStartedAt: Number(row.window_started_at) };
}

/**
 * Gives back one hit `hitRateLimit` counted, for a limit that counts only failures: every
 * attempt takes its hit first (so concurrent attempts cannot all slip under the limit), and
 * one that went well returns it.
 */
export async function forgiveHit({ db }: Pick<ApiDeps, "db">, rule: RateLimit, subject: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
    .where("key", "=", `${rule.name}:${subject}`)
    .execute();
}

/** The caller's address: the first X-Forwarded-For entry the storefront (or server.js) set. */
export function callerAddress(c: Context): string {
  return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** Answers 429 with a Portuguese message once a caller's address exceeds the rule. */
export function limitByAddress(deps: ApiDeps, rule: RateLimit): MiddlewareHandler {
  return async (c, next) => {
    if (!(await hitRateLimit(deps, rule, callerAddress(c)))) throw new ApiError(429, TOO_MANY_REQUESTS);
    await next();
  };
}

/** A 429 for limits counted over more than a minute: says when to try again, in whole minutes. */
export function tryAgainLater(waitMs: number, message = TOO_MANY_ATTEMPTS): ApiError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new ApiError(429, `${message} Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`);
}

export const TOO_MANY_ATTEMPTS = "Muitas tentativas em pouco tempo.";

/** How long until `subject` may try again under `rule`, or 0 when it still has hits left. Counts nothing. */
export async function waitBeforeNextHit(
  { db, now }: Pick<ApiDeps, "db" | "now">,
  rule: RateLimit,
  subject: string,
): Promise<number> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "window_started_at"])
    .where("key", "=", `${rule.name}:${subject}`)
    .executeTakeFirst();
  const reopensAt = Number(row?.window_started_at ?? 0) + rule.windowMs;
  return row && Number(row.hits) >= rule.limit && reopensAt > now().getTime() ? reopensAt - now().getTime() : 0;
}

/** A unit taken from each of several limits, to give back when what it guarded did not count. */
export interface Reservation {
  release: () => Promise<void>;
}

/**
 * Takes one unit of every limit before a costly or risky step (a password check, a card
 * charge), so concurrent requests cannot all pass a check made before any of them is
 * counted. When one limit is used up, every unit is given back and `refuse` gets the wait.
 * `release` gives the units back, for an outcome the limits do not count (a right password,
 * an approved card); a window that has moved on since is left alone.
 */
export async function reserve(
  deps: Pick<ApiDeps, "db" | "now">,
  limits: readonly (readonly [RateLimit, string])[],
  refuse: (waitMs: number) => Error,
): Promise<Reservation> {
  const taken = await Promise.all(
    limits.map(async ([rule, subject]) => ({
      rule,
      key: `${rule.name}:${subject}`,
      ...(await countHit(deps, rule, subject)),
    })),
  );
  const release = async () => {
    for (const { key, windowStartedAt } of taken) {
      await deps.db
        .updateTable("rate_limits")
        .set({ hits: sql`rate_limits.hits - 1` })
        .where("key", "=", key)
        .where("window_started_at", "=", windowStartedAt)
        .where("hits", ">", 0)
        .execute();
    }
  };
  const over = taken.filter(({ rule, hits }) => hits > rule.limit);
  if (over.length > 0) {
    await release();
    const at = deps.now().getTime();
    throw refuse(Math.max(...over.map(({ rule, windowStartedAt }) => windowStartedAt + rule.windowMs - at)));
  }
  return { release };
}
