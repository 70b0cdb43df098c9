import { findCity } from "#core/ibge/index.ts";
import type { PasswordChangeData, ProfileData, RegistrationData } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { issueToken, revokeAllTokens } from "../accounts/tokens.ts";
import { hashPassword, verifyPassword } from "#db/passwords.ts";
import { hitRateLimit, TOO_MANY_REQUESTS, tryAgainLater, waitBeforeNextHit, type RateLimit } from "../rate-limit.ts";
import { assertStrongPassword } from "../accounts/password-strength.ts";
import { assertUnique, findCustomerById, rethrowUniqueViolation, type CustomerRow } from "./repository.ts";

export const WRONG_CURRENT_PASSWORD = "Senha atual incorreta.";
export const PASSWORD_CHANGE_BY_CUSTOMER = { name: "password-change", limit: 10, windowMs: 60_000 };

const HOUR = 60 * 60_000;
/**
 * "Já existe uma conta com este e-mail/CPF" tells a stranger who is a customer. Those answers
 * are limited per address and per account (docs/decisions/0014-account-hardening.md); other
 * sign-ups and profile changes do not count.
 */
export const SIGNUP_TAKEN_BY_ADDRESS = { name: "signup-taken-address", limit: 30, windowMs: HOUR };
export const PROFILE_TAKEN_BY_CUSTOMER = { name: "profile-taken-customer", limit: 5, windowMs: HOUR };
export const PROFILE_TAKEN_BY_ADDRESS = { name: "profile-taken-address", limit: 30, windowMs: HOUR };

/**
 * Runs `work`, whose 409 says an e-mail or CPF is taken, under limits of such answers: each
 * one counts, and once a limit is used up every call answers 429 until its window ends, so
 * the refusal tells nothing about the data sent.
 */
async function limitTakenAnswers<T>(
  deps: ApiDeps,
  limits: readonly (readonly [RateLimit, string])[],
  work: () => Promise<T>,
): Promise<T> {
  const waitLeft = async () =>
    Math.max(0, ...(await Promise.all(limits.map(([rule, subject]) => waitBeforeNextHit(deps, rule, subject)))));
  const wait = await waitLeft();
  if (wait > 0) throw tryAgainLater(wait);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const within = await Promise.all(limits.map(([rule, subject]) => hitRateLimit(deps, rule, subject)));
    if (within.includes(false)) throw tryAgainLater(await waitLeft());
    throw error;
  }
}

/** The profile columns of a customer row, with the city in IBGE's spelling. */
function profileColumns(data: ProfileData) {
  return {
    name: data.name,
    cpf: data.cpf,
    cell_phone: data.cellPhone,
    birth_date: data.birthDate,
    zipcode: data.zipcode,
    street: data.street,
    house_number: data.houseNumber,
    complement: data.complement,
    neighborhood: data.neighborhood,
    city: findCity(data.state, data.city)?.nome ?? data.city,
    state: data.state,
  };
}

export async function registerCustomer(
  deps: ApiDeps,
  storeId: number,
  data: RegistrationData,
  address: string,
): Promise<CustomerRow> {
  assertStrongPassword(data.password, data);
  return limitTakenAnswers(deps, [[SIGNUP_TAKEN_BY_ADDRESS, address]], async () => {
    await assertUnique(deps, storeId, data);
    const row: CustomerRow = {
      id: crypto.randomUUID(),
      store_id: storeId,
      email: data.email,
      password_hash: await hashPassword(data.password),
      ...profileColumns(data),
      avatar: null,
      created_at: deps.now().toISOString(),
      deleted_at: null,
      // Given after sign-up, by its own call (api/contract/messages.ts): §7's registration stays as it is.
      whatsapp_consent_at: null,
      whatsapp_consent_source: null,
    };
    await deps.db.insertInto("customers").values(row).execute().catch(rethrowUniqueViolation);
    return row;
  });
}

export async function updateProfile(
  deps: ApiDeps,
  customer: CustomerRow,
  data: ProfileData,
  address: string,
): Promise<CustomerRow> {
  const limits = [
    [PROFILE_TAKEN_BY_CUSTOMER, customer.id],
    [PROFILE_TAKEN_BY_ADDRESS, address],
  ] as const;
  return limitTakenAnswers(deps, limits, async () => {
    await assertUnique(deps, customer.store_id, { cpf: data.cpf }, customer.id);
    const columns = profileColumns(data);
    await deps.db
      .updateTable("customers")
      .set(columns)
      .where("id", "=", customer.id)
      .execute()
      .catch(rethrowUniqueViolation);
    return { ...customer, ...columns };
  });
}

/**
 * Checks the current password, sets the new one and ends every session, this one
 * included; the fresh token returned lets the person carry on where they are.
 */
export async function changePassword(
  deps: ApiDeps,
  customer: CustomerRow,
  data: PasswordChangeData,
): Promise<{ token: string; customer: CustomerRow }> {
  // A stolen token must not become a way to guess the password.
  if (!(await hitRateLimit(deps, PASSWORD_CHANGE_BY_CUSTOMER, customer.id))) throw new ApiError(429, TOO_MANY_REQUESTS);
  if (!(await verifyPassword(data.currentPassword, customer.password_hash))) {
    throw new ApiError(400, WRONG_CURRENT_PASSWORD);
  }
  assertStrongPassword(data.newPassword, customer);
  const passwordHash = await hashPassword(data.newPassword);
  const now = deps.now();
  const token = await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("customers").set({ password_hash: passwordHash }).where("id", "=", customer.id).execute();
    await revokeAllTokens(trx, customer.id, now);
    return issueToken(trx, customer.id, now);
  });
  const updated = await findCustomerById(deps.db, customer.id);
  if (!updated) throw new ApiError(404, "Cliente não encontrado.");
  return { token, customer: updated };
}
