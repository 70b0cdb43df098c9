/**
 * The gestor area's calls to the store API (api/contract/gestor), with the staff session's
 * token. A 401 ends the browser's staff session and sends the person to the login page, which
 * then returns them where they were.
 */
import { clientAddressOf } from "#app/.server/client-address.server.ts";
import { createApiCaller } from "#app/.server/store-api/client.server.ts";
import { defaultTransport } from "#app/.server/store-api/transport.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { destroyStaffSession } from "./staff-session.server.ts";

/**
 * The school network's own store API (STORE_API_URL) has no gestor calls: its catalogue and
 * sales are managed in the school's systems (docs/decisions/0028-gestor-area.md).
 */
export const GESTOR_UNAVAILABLE =
  "A área do gestor não está disponível nesta loja: a API configurada (STORE_API_URL) não tem as chamadas do gestor.";

export const STAFF_SESSION_ENDED = "Sua sessão na área do gestor terminou. Entre novamente.";

/** The page to come back to after logging in again: a GET's own address; after a POST, its page. */
function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${request.method === "GET" ? url.search : ""}`;
}

export function loginRedirectFor(request: Request): string {
  return `${GESTOR_PATHS.login}?redirectTo=${encodeURIComponent(returnPathOf(request))}`;
}

async function endStaffSession(request: Request): Promise<never> {
  const cleared = await destroyStaffSession(request);
  throw await toasts().redirectWithError(loginRedirectFor(request), STAFF_SESSION_ENDED, {
    headers: { "set-cookie": cleared },
  });
}

/** Sends gestor calls for this request, with `token` (none for login and password links). */
export function gestorApiFor(request: Request, token?: string) {
  return createApiCaller({
    transport: defaultTransport(),
    clientAddress: clientAddressOf(request),
    token: token ?? undefined,
    onUnauthorized: token ? () => endStaffSession(request) : undefined,
  });
}

export type GestorCall = ReturnType<typeof gestorApiFor>;
