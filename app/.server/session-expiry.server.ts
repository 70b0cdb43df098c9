import { redirect } from "react-router";
import { StoreApiError } from "./store-api/index.server.ts";

export const SESSION_EXPIRED_PATH = "/sessao-expirada";
export const SESSION_EXPIRED_MESSAGE = "Sua sessão expirou, você será redirecionado para a página principal.";

/** A 401 from the store API ends the session (spec §8): everything else goes on. */
export function endSessionOn401(error: unknown): never {
  if (error instanceof StoreApiError && error.status === 401) throw redirect(SESSION_EXPIRED_PATH);
  throw error;
}

/** True for React Router's client data requests (a browser running the app's JavaScript). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
