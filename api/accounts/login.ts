import { randomBytes } from "node:crypto";
import type { accounts } from "../contract/accounts.ts";
import type { BodyOf } from "../contract/endpoint.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { findCustomerByEmail, type CustomerRow } from "../customers/customer-repository.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";

export const WRONG_CREDENTIALS = "E-mail ou senha incorretos.";

export const LOGIN_BY_ADDRESS = { name: "login-address", limit: 10, windowMs: 60_000 };
export const LOGIN_BY_EMAIL = { name: "login-email", limit: 10, windowMs: 60_000 };

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, checked for unknown e-mails so they cost as long as known ones. */
function hashForUnknownEmail(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64"));
  return dummyHash;
}

/** The customer whose e-mail and password these are, or 401 with one message for both mistakes. */
export async function checkCredentials(
  deps: ApiDeps,
  storeId: number,
  { email, password }: Pick<BodyOf<typeof accounts.authCustomer>, "email" | "password">,
): Promise<CustomerRow> {
  if (!(await hitRateLimit(deps, LOGIN_BY_EMAIL, `${storeId}:${email}`))) throw new ApiError(429, TOO_MANY_REQUESTS);
  const customer = await findCustomerByEmail(deps, storeId, email);
  const matches = await verifyPassword(password, customer?.password_hash ?? (await hashForUnknownEmail()));
  if (!customer || !matches) throw new ApiError(401, WRONG_CREDENTIALS);
  return customer;
}
