/**
 * The shopper's address as set by server.js (x-client-address), which derives it from
 * the socket (or from X-Forwarded-For only when TRUST_PROXY=true). Browsers cannot set it.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export function clientAddressOf(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}
