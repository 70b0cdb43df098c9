import { getEnv } from "../env.server.ts";
import { clientAddressOf } from "../client-address.server.ts";
import { createStoreApiClient, type StoreApiClient } from "./client.server.ts";
import { defaultTransport } from "./transport.server.ts";

export { STORE_API_UNAVAILABLE, StoreApiError, type StoreApiClient } from "./client.server.ts";

/** The store API client for one incoming request (per-request, like Hydrogen's services). */
export function storeApiFor(request: Request, token?: string): StoreApiClient {
  return createStoreApiClient({
    transport: defaultTransport(),
    storeId: getEnv().STORE_ID,
    clientAddress: clientAddressOf(request),
    token,
  });
}
