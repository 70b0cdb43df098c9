/**
 * A gestor CSV download (Pedidos, Catálogo, Séries): the API's text/csv passed through as an
 * attachment. The typed client reads JSON only, so these calls go through the transport itself,
 * with the staff session's token; a refusal goes back to `back` with the API's message.
 */
import { redirect } from "react-router";
import { clientAddressOf } from "#app/.server/client-address.server.ts";
import { STORE_API_UNAVAILABLE } from "#app/.server/store-api/client.server.ts";
import { defaultTransport } from "#app/.server/store-api/transport.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { loginRedirectFor } from "./gestor-api.server.ts";
import { getStaffToken } from "./staff-session.server.ts";

export async function gestorCsvDownload(
  request: Request,
  { apiPath, fileName, back }: { apiPath: string; fileName: string; back: string },
): Promise<Response> {
  const token = await getStaffToken(request);
  const headers = new Headers({ authorization: `Bearer ${token ?? ""}`, accept: "text/csv" });
  const address = clientAddressOf(request);
  if (address) headers.set("x-forwarded-for", address);
  const reply = await defaultTransport()(apiPath, { method: "GET", headers });
  if (reply.status === 401) throw redirect(loginRedirectFor(request));
  if (!reply.ok) {
    const body = (await reply.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw await toasts().redirectWithError(back, body?.error?.message ?? STORE_API_UNAVAILABLE);
  }
  return new Response(reply.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}

/** "pedidos-2026-11-27.csv". */
export const datedFileName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
