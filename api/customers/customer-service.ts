import { findCity } from "#app/lib/ibge/index.ts";
import type { PasswordChangeData, ProfileData, RegistrationData } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { issueToken, revokeAllTokens } from "../accounts/tokens.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { assertUnique, findCustomerById, rethrowUniqueViolation, type CustomerRow } from "./customer-repository.ts";

export const WRONG_CURRENT_PASSWORD = "Senha atual incorreta.";
export const PASSWORD_CHANGE_BY_CUSTOMER = { name: "password-change", limit: 10, windowMs: 60_000 };

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
    neighborhood: data.neighborhood,
    city: findCity(data.state, data.city)?.nome ?? data.city,
    state: data.state,
  };
}

export async function registerCustomer(deps: ApiDeps, storeId: number, data: RegistrationData): Promise<CustomerRow> {
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
  };
  await deps.db.insertInto("customers").values(row).execute().catch(rethrowUniqueViolation);
  return row;
}

export async function updateProfile(deps: ApiDeps, customer: CustomerRow, data: ProfileData): Promise<CustomerRow> {
  await assertUnique(deps, customer.store_id, { cpf: data.cpf }, customer.id);
  const columns = profileColumns(data);
  await deps.db
    .updateTable("customers")
    .set(columns)
    .where("id", "=", customer.id)
    .execute()
    .catch(rethrowUniqueViolation);
  return { ...customer, ...columns };
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
