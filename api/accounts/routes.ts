import { Hono } from "hono";
import { z } from "zod";
import { loginSchema } from "#app/features/accounts/account-schemas.ts";
import type { AuthReply } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { toCustomer } from "../customers/customer-repository.ts";
import { limitByAddress } from "../rate-limit.ts";
import { parseInput, readJsonBody, storeIdParam } from "../validation.ts";
import { requireCustomer, type CustomerEnv } from "./auth-middleware.ts";
import { checkCredentials, LOGIN_BY_ADDRESS } from "./login.ts";
import { deleteExpiredTokens, issueToken, revokeToken } from "./tokens.ts";

const storeBody = z.object({ storeId: storeIdParam });

export function accountRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>()
    .post("/auth-customer", limitByAddress(deps, LOGIN_BY_ADDRESS), async (c) => {
      const body = await readJsonBody(c);
      const credentials = parseInput(loginSchema, body);
      const { storeId } = parseInput(storeBody, body);
      const customer = await checkCredentials(deps, storeId, credentials);
      const now = deps.now();
      await deleteExpiredTokens(deps.db, customer.id, now);
      const token = await issueToken(deps.db, customer.id, now);
      return c.json<AuthReply>({ auth: { token, customer: toCustomer(customer) } });
    })
    .post("/logout-customer", requireCustomer(deps), async (c) => {
      await revokeToken(deps, c.get("tokenId"));
      return c.body(null, 204);
    });
}
