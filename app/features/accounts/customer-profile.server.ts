import type { Customer } from "#api/contract/accounts.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { getSessionProfile } from "#app/.server/session.server.ts";
import { callUnavailable, knownStoreApiExtensions } from "#app/.server/store-api/index.server.ts";

/**
 * Whether the session keeps the login's whole customer: only where the store API has no
 * get-customer (docs/decisions/0026); elsewhere the cookie carries no CPF or address.
 */
export const keepsProfile = () => !knownStoreApiExtensions().has("getCustomer");

/**
 * The whole logged-in customer, for /conta's profile and /conclusao's buyer: get-customer where
 * the store API has it (docs/decisions/0004), fresh; otherwise the login's customer that the
 * session keeps (spec §3 keeps it in the browser; docs/decisions/0026). A session from before
 * that copy was kept shows what it has: name and e-mail.
 */
export async function loadCustomerProfile({ request, context }: RequestArgs): Promise<Customer> {
  const { customer: summary } = requireCustomer(context);
  const api = storeApi(context);
  if (api.supports("getCustomer")) {
    try {
      return await api.getCustomer(summary.id);
    } catch (error) {
      if (!callUnavailable(error)) throw error;
    }
  }
  return (
    (await getSessionProfile(request)) ?? {
      ...summary,
      cellPhone: "",
      cpf: "",
      birthDate: "",
      zipcode: "",
      street: "",
      houseNumber: "",
      neighborhood: "",
      city: "",
      state: "",
    }
  );
}
