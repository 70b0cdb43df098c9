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
  { db, now }: Pick<ApiDeps, "db" | "now">,
  rule: RateLimit,
  subject: string,
): Promise<boolean> {
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
    .returning("hits")
    .executeTakeFirstOrThrow();
  return Number(row.hits) <= rule.limit;
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
