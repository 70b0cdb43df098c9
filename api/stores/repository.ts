import type { Store } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";

export async function findStore({ db }: ApiDeps, storeId: number): Promise<Store> {
  const row = await db.selectFrom("stores").selectAll().where("id", "=", storeId).executeTakeFirst();
  if (!row) throw notFound("Loja não encontrada.");
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    cnpj: row.cnpj,
    email: row.email,
    phone: row.phone,
    address: row.address,
    termsContracts: row.terms_contracts,
  };
}

/** Fails with 404 when the store does not exist. */
export async function assertStoreExists(deps: ApiDeps, storeId: number): Promise<void> {
  await findStore(deps, storeId);
}
