import { Hono } from "hono";
import { accounts, type MessageReply, type ResetTokenReply } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { hitRateLimit, limitByAddress, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";
import {
  confirmPasswordReset,
  findUsableReset,
  RESET_DONE,
  RESET_REQUESTED,
  requestPasswordReset,
} from "./password-reset.ts";

/** Generous: hundreds of parents may share one address; the tight limit is per e-mail. */
export const RESET_BY_ADDRESS = { name: "reset-address", limit: 60, windowMs: 60_000 };
export const RESET_BY_EMAIL = { name: "reset-email", limit: 5, windowMs: 60_000 };
/** Links carry 256 random bits; this only keeps a script from hammering the endpoint. */
export const RESET_LINK_BY_ADDRESS = { name: "reset-link-address", limit: 30, windowMs: 60_000 };

/** POST /customers/reset-password (spec §7) and the link's check and confirmation. */
export function passwordResetRoutes(deps: ApiDeps) {
  return new Hono()
    .on(...at(accounts.resetPassword), limitByAddress(deps, RESET_BY_ADDRESS), async (c) => {
      const { email, storeId } = parseInput(accounts.resetPassword.body, await readJsonBody(c));
      if (!(await hitRateLimit(deps, RESET_BY_EMAIL, `${storeId}:${email}`)))
        throw new ApiError(429, TOO_MANY_REQUESTS);
      await requestPasswordReset(deps, storeId, email);
      return c.json<MessageReply>({ message: RESET_REQUESTED });
    })
    .on(...at(accounts.checkResetToken), limitByAddress(deps, RESET_LINK_BY_ADDRESS), async (c) => {
      await findUsableReset(deps, c.req.param("token"));
      return c.json<ResetTokenReply>({ valid: true });
    })
    .on(...at(accounts.confirmResetPassword), limitByAddress(deps, RESET_LINK_BY_ADDRESS), async (c) => {
      const { password } = parseInput(accounts.confirmResetPassword.body, await readJsonBody(c));
      await confirmPasswordReset(deps, c.req.param("token"), password);
      return c.json<MessageReply>({ message: RESET_DONE });
    });
}
