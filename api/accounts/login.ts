import { randomBytes } from "node:crypto";
import { sql, type RawBuilder } from "kysely";
import type { accounts } from "../contract/accounts.ts";
import type { BodyOf } from "../contract/endpoint.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { findCustomerByEmail, type CustomerRow } from "../customers/repository.ts";
import { hashPassword, needsRehash, verifyPassword } from "#db/passwords.ts";
import { reserve, tryAgainLater, type RateLimit } from "../rate-limit.ts";

export const WRONG_CREDENTIALS = "E-mail ou senha incorretos.";
export const LOGIN_THROTTLED = "Muitas tentativas de login sem sucesso.";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits of failed logins (docs/decisions/0014-account-hardening.md). Nothing locks an account
 * for everyone before ASVS's ceiling of 100 failures an hour; the tight brake is the growing
 * delay of one account from one address (THROTTLE_DELAYS), so an attacker's address slows
 * down while the owner logs in from theirs. The address alone is counted generously: hundreds
 * of parents may share a school's or a carrier's address.
 */
export const LOGIN_BY_ADDRESS = { name: "login-address", limit: 120, windowMs: MINUTE };
export const LOGIN_FAILURES_BY_ACCOUNT = { name: "login-failures-account", limit: 100, windowMs: HOUR };
export const LOGIN_FAILURES_BY_ADDRESS = { name: "login-failures-address", limit: 300, windowMs: HOUR };

/** Failures of one account from one address allowed before a wait; then each one doubles it. */
export const FREE_FAILURES = 5;
const FIRST_DELAY = MINUTE;
const MAX_DELAY = HOUR;
/** A pair that failed nothing for a day starts again from zero. */
const FORGET_AFTER = 24 * HOUR;

/** The wait after the `failures`-th failure of a pair: none, then 1, 2, 4 … minutes, at most an hour. */
export function throttleDelay(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY, FIRST_DELAY * 2 ** Math.min(failures - FREE_FAILURES, 12));
}

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, checked for unknown e-mails so they cost as long as known ones. */
function hashForUnknownEmail(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64"));
  return dummyHash;
}

/** A number as SQL of a known type: PostgreSQL reads untyped CASE branches as text. */
const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;

/** The SQL of throttleDelay(failures) for a failures expression: one CASE branch per doubling. */
function delayCase(failures: RawBuilder<number>) {
  const branches = [];
  for (let n = FREE_FAILURES; throttleDelay(n) < MAX_DELAY; n++)
    branches.push(sql`when ${failures} = ${n} then ${bigint(throttleDelay(n))}`);
  return sql<number>`case when ${failures} < ${FREE_FAILURES} then ${bigint(0)} ${sql.join(branches, sql` `)} else ${bigint(MAX_DELAY)} end`;
}

/**
 * Counts a failure of this account from this address before the password is checked, in one
 * atomic upsert that does nothing while the pair must wait: concurrent tries cannot all pass
 * a check made before any of them failed. Answers the wait left, or 0 when the try may go on.
 */
async function takePairTry({ db, now }: Pick<ApiDeps, "db" | "now">, key: string): Promise<number> {
  const at = now().getTime();
  const failures = sql<number>`(case when login_throttles.last_failed_at <= ${bigint(at - FORGET_AFTER)} then 1 else login_throttles.failures + 1 end)`;
  const counted = await db
    .insertInto("login_throttles")
    .values({ key, failures: 1, last_failed_at: at, blocked_until: at + throttleDelay(1) })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          failures,
          last_failed_at: at,
          blocked_until: sql<number>`${bigint(at)} + ${delayCase(failures)}`,
        })
        .where("login_throttles.blocked_until", "<=", at),
    )
    .returning("key")
    .executeTakeFirst();
  if (counted) return 0;
  const row = await db.selectFrom("login_throttles").select("blocked_until").where("key", "=", key).executeTakeFirst();
  return Math.max(1, Number(row?.blocked_until ?? 0) - at);
}

/**
 * The customer whose e-mail and password these are, or 401 with one message for both mistakes,
 * or 429 with the wait when this account (from this address, or from everywhere) failed too
 * often. Unknown e-mails are counted and delayed alike, so the limits tell nothing either.
 */
export async function checkCredentials(
  deps: ApiDeps,
  storeId: number,
  { email, password }: Pick<BodyOf<typeof accounts.authCustomer>, "email" | "password">,
  address: string,
): Promise<CustomerRow> {
  const account = `${storeId}:${email}`;
  const limits: [RateLimit, string][] = [
    [LOGIN_FAILURES_BY_ACCOUNT, account],
    [LOGIN_FAILURES_BY_ADDRESS, address],
  ];
  const failuresCounted = await reserve(deps, limits, (wait) => tryAgainLater(wait, LOGIN_THROTTLED));
  const pair = `${account}:${address}`;
  const wait = await takePairTry(deps, pair);
  if (wait > 0) {
    await failuresCounted.release();
    throw tryAgainLater(wait, LOGIN_THROTTLED);
  }

  const customer = await findCustomerByEmail(deps, storeId, email);
  const matches = await verifyPassword(password, customer?.password_hash ?? (await hashForUnknownEmail()));
  if (!customer || !matches) throw new ApiError(401, WRONG_CREDENTIALS);

  await failuresCounted.release();
  await deps.db.deleteFrom("login_throttles").where("key", "=", pair).execute();
  return upgradeHash(deps, customer, password);
}

/** A hash made with older parameters is rewritten now that the password is known right (passwords.ts). */
async function upgradeHash(deps: ApiDeps, customer: CustomerRow, password: string): Promise<CustomerRow> {
  if (!needsRehash(customer.password_hash)) return customer;
  const passwordHash = await hashPassword(password);
  // Only over the hash just checked: a password changed meanwhile wins.
  await deps.db
    .updateTable("customers")
    .set({ password_hash: passwordHash })
    .where("id", "=", customer.id)
    .where("password_hash", "=", customer.password_hash)
    .execute();
  return { ...customer, password_hash: passwordHash };
}
