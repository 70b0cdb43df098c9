import { Hono } from "hono";
import { accounts, type AuthReply } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { toCustomer } from "../customers/repository.ts";
import { callerAddress, limitByAddress } from "../rate-limit.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";
import { requireCustomer, type CustomerEnv } from "./auth-middleware.ts";
import { checkCredentials, LOGIN_BY_ADDRESS } from "./login.ts";
import { deleteExpiredTokens, issueToken, revokeToken } from "./tokens.ts";

export function accountRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>()
    .on(...at(accounts.authCustomer), limitByAddress(deps, LOGIN_BY_ADDRESS), async (c) => {
      const { storeId, ...credentials } = parseInput(accounts.authCustomer.body, await readJsonBody(c));
      const customer = await checkCredentials(deps, storeId, credentials, callerAddress(c));
      const now = deps.now();
      await deleteExpiredTokens(deps.db, customer.id, now);
      const token = await issueToken(deps.db, customer.id, now);
      return c.json<AuthReply>({ auth: { token, customer: toCustomer(customer) } });
    })
    .on(...at(accounts.logoutCustomer), requireCustomer(deps), async (c) => {
      await revokeToken(deps, c.get("tokenId"));
      return c.body(null, 204);
    });
}
