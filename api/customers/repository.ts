import type { Kysely, Selectable } from "kysely";
import type { Database, CustomerTable } from "#db/schema.ts";
import type { Customer } from "../contract/accounts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";

export type CustomerRow = Selectable<CustomerTable>;

export const EMAIL_TAKEN = "Já existe uma conta com este e-mail.";
export const CPF_TAKEN = "Já existe uma conta com este CPF.";

/** The customer as the API answers it (spec §3): never the password hash. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cellPhone: row.cell_phone,
    cpf: row.cpf,
    birthDate: row.birth_date,
    zipcode: row.zipcode,
    street: row.street,
    houseNumber: row.house_number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    avatar: row.avatar,
  };
}

export async function findCustomerByEmail({ db }: ApiDeps, storeId: number, email: string) {
  return db
    .selectFrom("customers")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function findCustomerById(db: Kysely<Database>, id: string) {
  return db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** 409 when another customer of the store already uses the e-mail or the CPF. */
export async function assertUnique(
  { db }: ApiDeps,
  storeId: number,
  { email, cpf }: { email?: string; cpf: string },
  exceptId?: string,
): Promise<void> {
  let query = db.selectFrom("customers").select(["email", "cpf"]).where("store_id", "=", storeId);
  query =
    email === undefined
      ? query.where("cpf", "=", cpf)
      : query.where((eb) => eb.or([eb("email", "=", email), eb("cpf", "=", cpf)]));
  if (exceptId) query = query.where("id", "!=", exceptId);
  const clashes = await query.execute();
  if (email !== undefined && clashes.some((row) => row.email === email)) throw new ApiError(409, EMAIL_TAKEN);
  if (clashes.some((row) => row.cpf === cpf)) throw new ApiError(409, CPF_TAKEN);
}

/**
 * Turns a unique-constraint violation on customers (two sign-ups racing past
 * assertUnique) into the same 409 the check gives; anything else is rethrown.
 * SQLite names the columns in its message, PostgreSQL the constraint.
 */
export function rethrowUniqueViolation(error: unknown): never {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  const unique = code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
  const where = `${String(constraint ?? "")} ${String(message ?? "")}`;
  if (unique && /customers_store_email|customers\.email/.test(where)) throw new ApiError(409, EMAIL_TAKEN);
  if (unique && /customers_store_cpf|customers\.cpf/.test(where)) throw new ApiError(409, CPF_TAKEN);
  throw error;
}
