import { getBundledApi } from "../bundled-api.server.ts";
import { getEnv } from "../env.server.ts";

/** Sends one request to the store API: in-process by default, over HTTP when STORE_API_URL is set. */
export type StoreApiTransport = (path: string, init: RequestInit) => Promise<Response>;

const HTTP_TIMEOUT_MS = 10_000;

export function inProcessTransport(): StoreApiTransport {
  return async (path, init) => {
    const api = await getBundledApi();
    return api.request(path, init);
  };
}

export function httpTransport(baseUrl: string): StoreApiTransport {
  const base = baseUrl.replace(/\/+$/, "");
  return (path, init) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
}

export function defaultTransport(): StoreApiTransport {
  const { STORE_API_URL } = getEnv();
  return STORE_API_URL ? httpTransport(STORE_API_URL) : inProcessTransport();
}
