import { Hono } from "hono";
import { z } from "zod";
import { withCityOfState } from "#app/features/address/city-of-state.ts";
import { passwordChangeSchema, profileSchema, registrationSchema } from "#app/features/accounts/account-schemas.ts";
import type { AuthReply, CustomerReply } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { limitByAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { parseInput, readJsonBody, storeIdParam } from "../validation.ts";
import { toCustomer } from "./customer-repository.ts";
import { changePassword, registerCustomer, updateProfile } from "./customer-service.ts";
import { passwordResetRoutes } from "./password-reset-routes.ts";

export const SIGNUP_BY_ADDRESS = { name: "signup-address", limit: 10, windowMs: 60_000 };

const storeBody = z.object({ storeId: storeIdParam });
const OWN = "/:customerId/store/:storeId";

export function customerRoutes(deps: ApiDeps) {
  const own = requireOwnCustomer(deps);
  return new Hono<CustomerEnv>()
    .post("/create-customer", limitByAddress(deps, SIGNUP_BY_ADDRESS), async (c) => {
      const body = await readJsonBody(c);
      const { storeId } = parseInput(storeBody, body);
      const data = parseInput(withCityOfState(registrationSchema), body);
      await assertStoreExists(deps, storeId);
      const customer = await registerCustomer(deps, storeId, data);
      return c.json<CustomerReply>({ customer: toCustomer(customer) }, 201);
    })
    .get(`/get-customer${OWN}`, own, (c) => c.json<CustomerReply>({ customer: toCustomer(c.get("customer")) }))
    .put(`/update-customer${OWN}`, own, async (c) => {
      const data = parseInput(withCityOfState(profileSchema), await readJsonBody(c));
      const customer = await updateProfile(deps, c.get("customer"), data);
      return c.json<CustomerReply>({ customer: toCustomer(customer) });
    })
    .put(`/update-customers-password${OWN}`, own, async (c) => {
      const data = parseInput(passwordChangeSchema, await readJsonBody(c));
      const { token, customer } = await changePassword(deps, c.get("customer"), data);
      return c.json<AuthReply>({ auth: { token, customer: toCustomer(customer) } });
    })
    .route("/reset-password", passwordResetRoutes(deps));
}
