import { LINK_BLOCKED, LINK_PROOF_MISMATCH, LINK_TOO_MANY_FAILURES } from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { forgiveHit, hitRateLimit, type RateLimit } from "../rate-limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed proofs when linking by RA (docs/decisions/0013). The tight limits are the
 * account's: a few wrong pairs make it wait, a long run blocks its linking for up to a day.
 * The address's limit only stops one machine feeding many free accounts, and stays
 * generous: hundreds of parents may share a school's network at the start of term.
 */
export const LINK_FAILURE_LIMITS = {
  account: { name: "student-link-failures", limit: 5, windowMs: 15 * MINUTE },
  accountBlock: { name: "student-link-block", limit: 20, windowMs: 24 * HOUR },
  address: { name: "student-link-failures-address", limit: 300, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Runs one linking attempt under the limits. Each counter takes a hit before the pair is
 * checked (concurrent guesses count at once); only a pair that did not match keeps it.
 */
export async function withLinkAttempt<T>(
  deps: ApiDeps,
  { customerId, address }: { customerId: string; address: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const counters: [RateLimit, string, string][] = [
    [LINK_FAILURE_LIMITS.accountBlock, customerId, LINK_BLOCKED],
    [LINK_FAILURE_LIMITS.account, customerId, LINK_TOO_MANY_FAILURES],
    [LINK_FAILURE_LIMITS.address, address, LINK_TOO_MANY_FAILURES],
  ];
  const giveBack = () => Promise.all(counters.map(([rule, subject]) => forgiveHit(deps, rule, subject)));
  const within = await Promise.all(counters.map(([rule, subject]) => hitRateLimit(deps, rule, subject)));
  const refused = counters.find((_, index) => !within[index]);
  if (refused) {
    // A refused attempt checked nothing: it does not lengthen the wait.
    await giveBack();
    throw new ApiError(429, refused[2]);
  }
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!(error instanceof ApiError && error.message === LINK_PROOF_MISMATCH)) await giveBack();
    throw error;
  }
}
