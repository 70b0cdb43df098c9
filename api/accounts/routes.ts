import { Hono } from "hono";
import { accounts, type AuthReply } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { toCustomer } from "../customers/repository.ts";
import { callerAddress, limitByAddress } from "../rate-limit.ts";
import { at, validated } from "../validation.ts";
import { requireCustomer, type CustomerEnv } from "./auth-middleware.ts";
import { checkCredentials, LOGIN_BY_ADDRESS } from "./login.ts";
import { deleteExpiredTokens, issueToken, revokeToken } from "./tokens.ts";

export function accountRoutes(deps: ApiDeps) {
  const { authCustomer } = accounts;
  return new Hono<CustomerEnv>()
    .on(...at(authCustomer), limitByAddress(deps, LOGIN_BY_ADDRESS), validated(authCustomer), async (c) => {
      const { storeId, ...credentials } = c.req.valid("json");
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
