import { Hono } from "hono";
import { withCityOfState } from "#app/features/address/city-of-state.ts";
import { accounts, type AuthReply, type CustomerReply } from "../contract/accounts.ts";
import { privacy, type CustomerDataReply } from "../contract/privacy.ts";
import type { ApiDeps } from "../deps.ts";
import { requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { callerAddress, limitByAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";
import { deleteCustomerAccount } from "./account-deletion.ts";
import { exportCustomerData } from "./customer-data.ts";
import { toCustomer } from "./customer-repository.ts";
import { changePassword, registerCustomer, updateProfile } from "./customer-service.ts";
import { passwordResetRoutes } from "./password-reset-routes.ts";

/** Generous: a school's network or a mobile carrier puts hundreds of parents behind one address. */
export const SIGNUP_BY_ADDRESS = { name: "signup-address", limit: 60, windowMs: 60_000 };

const registration = withCityOfState(accounts.createCustomer.body);
const profile = withCityOfState(accounts.updateCustomer.body);

export function customerRoutes(deps: ApiDeps) {
  const own = requireOwnCustomer(deps);
  return new Hono<CustomerEnv>()
    .on(...at(accounts.createCustomer), limitByAddress(deps, SIGNUP_BY_ADDRESS), async (c) => {
      const { storeId, ...data } = parseInput(registration, await readJsonBody(c));
      await assertStoreExists(deps, storeId);
      const customer = await registerCustomer(deps, storeId, data, callerAddress(c));
      return c.json<CustomerReply>({ customer: toCustomer(customer) }, 201);
    })
    .on(...at(accounts.getCustomer), own, (c) => c.json<CustomerReply>({ customer: toCustomer(c.get("customer")) }))
    .on(...at(accounts.updateCustomer), own, async (c) => {
      const data = parseInput(profile, await readJsonBody(c));
      const customer = await updateProfile(deps, c.get("customer"), data, callerAddress(c));
      return c.json<CustomerReply>({ customer: toCustomer(customer) });
    })
    .on(...at(accounts.updateCustomerPassword), own, async (c) => {
      const data = parseInput(accounts.updateCustomerPassword.body, await readJsonBody(c));
      const { token, customer } = await changePassword(deps, c.get("customer"), data);
      return c.json<AuthReply>({ auth: { token, customer: toCustomer(customer) } });
    })
    .on(...at(privacy.exportCustomerData), own, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<CustomerDataReply>({ customerData: await exportCustomerData(deps, c.get("customer")) });
    })
    .on(...at(privacy.deleteCustomer), own, async (c) => {
      const { password } = parseInput(privacy.deleteCustomer.body, await readJsonBody(c));
      await deleteCustomerAccount(deps, c.get("customer"), password);
      return c.body(null, 204);
    })
    .route("/", passwordResetRoutes(deps));
}
