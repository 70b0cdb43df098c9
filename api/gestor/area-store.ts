import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";

/**
 * The store the gestor area manages: staff belong to the deployment, which runs one store (its
 * STORE_ID); the database holds that one.
 */
export async function areaStoreId({ db }: ApiDeps): Promise<number> {
  const store = await db.selectFrom("stores").select("id").orderBy("id").executeTakeFirst();
  if (!store) throw notFound("Loja não encontrada.");
  return store.id;
}
