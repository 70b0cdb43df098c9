import { redirect } from "react-router";
import { getEnv } from "../env.server.ts";
import { clientAddressOf } from "../client-address.server.ts";
import { SESSION_EXPIRED_PATH } from "../session-expiry.server.ts";
import { destroyCustomerSession } from "../session.server.ts";
import { createStoreApiClient, type StoreApiClient, type StoreApiClientOptions } from "./client.server.ts";
import { knownStoreApiExtensions } from "./extensions.server.ts";
import { defaultTransport } from "./transport.server.ts";
import { catalogueReadsFor } from "./catalogue-reads.server.ts";
import { bundledCatalogueVersion } from "../bundled-api.server.ts";

export {
  callUnavailable,
  STORE_API_UNAVAILABLE,
  StoreApiCallUnavailable,
  StoreApiError,
  type StoreApiClient,
} from "./client.server.ts";
export { knownStoreApiExtensions, storeApiExtensions } from "./extensions.server.ts";

/**
 * Spec §8: a 401 on an authenticated call ends the session, wherever the call was made. The
 * cookie is cleared here, with the redirect, because the expiry page ends nothing itself
 * (any site could otherwise log a shopper out with an image of it).
 */
async function endSession(request: Request): Promise<never> {
  throw redirect(SESSION_EXPIRED_PATH, { headers: { "set-cookie": await destroyCustomerSession(request) } });
}

/**
 * The store API client for one incoming request (per-request, like Hydrogen's services).
 * Loaders and actions take the shopper's own from the request context
 * (request-context.server.ts); this is for a token the context does not hold yet (login).
 */
export function storeApiFor(
  request: Request,
  token?: string,
  onItemsRemoved?: StoreApiClientOptions["onItemsRemoved"],
): StoreApiClient {
  return createStoreApiClient({
    transport: defaultTransport(),
    storeId: getEnv().STORE_ID,
    clientAddress: clientAddressOf(request),
    token,
    onUnauthorized: token ? () => endSession(request) : undefined,
    extensions: knownStoreApiExtensions(),
    onItemsRemoved,
    catalogueReads: catalogueReadsFor(bundledCatalogueVersion),
  });
}
