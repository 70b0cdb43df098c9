import { Hono } from "hono";
import { withCityOfState } from "#core/validation/city-of-state.ts";
import {
  accounts,
  type AuthReply,
  type CustomerReply,
  type MessageReply,
  type ResetTokenReply,
} from "../contract/accounts.ts";
import { privacy, type CustomerDataReply } from "../contract/privacy.ts";
import type { ApiDeps } from "../deps.ts";
import { requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { ApiError } from "../errors.ts";
import { callerAddress, hitRateLimit, limitByAddress, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import { deleteCustomerAccount } from "./account-deletion.ts";
import { exportCustomerData } from "./customer-data.ts";
import { toCustomer } from "./repository.ts";
import { changePassword, registerCustomer, updateProfile } from "./service.ts";
import {
  confirmPasswordReset,
  findUsableReset,
  RESET_DONE,
  RESET_REQUESTED,
  requestPasswordReset,
} from "./password-reset.ts";

/** Generous: a school's network or a mobile carrier puts hundreds of parents behind one address. */
export const SIGNUP_BY_ADDRESS = { name: "signup-address", limit: 60, windowMs: 60_000 };

export function customerRoutes(deps: ApiDeps) {
  const own = requireOwnCustomer(deps);
  const { createCustomer, updateCustomer, updateCustomerPassword } = accounts;
  return new Hono<CustomerEnv>()
    .on(
      ...at(createCustomer),
      limitByAddress(deps, SIGNUP_BY_ADDRESS),
      validated(createCustomer, withCityOfState),
      async (c) => {
        const { storeId, ...data } = c.req.valid("json");
        await assertStoreExists(deps, storeId);
        const customer = await registerCustomer(deps, storeId, data, callerAddress(c));
        return c.json<CustomerReply>({ customer: toCustomer(customer) }, 201);
      },
    )
    .on(...at(accounts.getCustomer), own, (c) => c.json<CustomerReply>({ customer: toCustomer(c.get("customer")) }))
    .on(...at(updateCustomer), own, validated(updateCustomer, withCityOfState), async (c) => {
      const customer = await updateProfile(deps, c.get("customer"), c.req.valid("json"), callerAddress(c));
      return c.json<CustomerReply>({ customer: toCustomer(customer) });
    })
    .on(...at(updateCustomerPassword), own, validated(updateCustomerPassword), async (c) => {
      const { token, customer } = await changePassword(deps, c.get("customer"), c.req.valid("json"));
      return c.json<AuthReply>({ auth: { token, customer: toCustomer(customer) } });
    })
    .on(...at(privacy.exportCustomerData), own, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<CustomerDataReply>({ customerData: await exportCustomerData(deps, c.get("customer")) });
    })
    .on(...at(privacy.deleteCustomer), own, validated(privacy.deleteCustomer), async (c) => {
      const { password } = c.req.valid("json");
      await deleteCustomerAccount(deps, c.get("customer"), password);
      return c.body(null, 204);
    })
    .route("/", passwordResetRoutes(deps));
}

/** Generous: hundreds of parents may share one address; the tight limit is per e-mail. */
export const RESET_BY_ADDRESS = { name: "reset-address", limit: 60, windowMs: 60_000 };
export const RESET_BY_EMAIL = { name: "reset-email", limit: 5, windowMs: 60_000 };
/** Links carry 256 random bits; this only keeps a script from hammering the endpoint. */
export const RESET_LINK_BY_ADDRESS = { name: "reset-link-address", limit: 30, windowMs: 60_000 };

/** POST /customers/reset-password (spec §7) and the link's check and confirmation. */
export function passwordResetRoutes(deps: ApiDeps) {
  const { resetPassword, confirmResetPassword } = accounts;
  return new Hono()
    .on(...at(resetPassword), limitByAddress(deps, RESET_BY_ADDRESS), validated(resetPassword), async (c) => {
      const { email, storeId } = c.req.valid("json");
      if (!(await hitRateLimit(deps, RESET_BY_EMAIL, `${storeId}:${email}`)))
        throw new ApiError(429, TOO_MANY_REQUESTS);
      await requestPasswordReset(deps, storeId, email);
      return c.json<MessageReply>({ message: RESET_REQUESTED });
    })
    .on(...at(accounts.checkResetToken), limitByAddress(deps, RESET_LINK_BY_ADDRESS), async (c) => {
      await findUsableReset(deps, c.req.param("token"));
      return c.json<ResetTokenReply>({ valid: true });
    })
    .on(
      ...at(confirmResetPassword),
      limitByAddress(deps, RESET_LINK_BY_ADDRESS),
      validated(confirmResetPassword),
      async (c) => {
        const { password } = c.req.valid("json");
        await confirmPasswordReset(deps, c.req.param("token"), password);
        return c.json<MessageReply>({ message: RESET_DONE });
      },
    );
}
