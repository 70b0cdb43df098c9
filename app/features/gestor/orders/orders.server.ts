/**
 * Pedidos' list and its CSV (docs/decisions/0030-gestor-orders.md). The filters are a GET form:
 * the same schema as the API's query checks them here first, so a wrong field shows its
 * message beside it and the list is not asked for.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { gestorSales, saleFilters, type SaleFilterQuery } from "#api/contract/gestor/sales.ts";
import { clientAddressOf } from "#app/.server/client-address.server.ts";
import { STORE_API_UNAVAILABLE } from "#app/.server/store-api/client.server.ts";
import { defaultTransport } from "#app/.server/store-api/transport.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { buildPath } from "#api/contract/endpoint.ts";
import { loginRedirectFor } from "../gestor-api.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { unitOptions } from "../unit-options.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { getStaffToken } from "../staff-session.server.ts";

export const FILTER_KEYS = ["q", "status", "method", "unit", "from", "to", "customer", "ra"] as const;

/** The filters as typed (empty ones left out), for the form, the pages' links and the export. */
function typedFilters(url: URL): SaleFilterQuery {
  const query: SaleFilterQuery = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key)?.trim().slice(0, 254);
    if (value) query[key] = value;
  }
  return query;
}

export async function ordersPage(request: Request) {
  const { call } = await requireStaff(request, { part: "sales" });
  const url = new URL(request.url);
  const query = typedFilters(url);
  const submission = parseWithZod(new URLSearchParams(query), { schema: saleFilters });
  const valid = submission.status === "success";
  const [list, units] = await Promise.all([
    valid ? call(gestorSales.list, {}, { query: { ...query, page: url.searchParams.get("page") ?? "1" } }) : null,
    gestorUnitList(request),
  ]);
  // Every unit, inactive ones too: an old order was sold by a unit since closed.
  const unitChoices = unitOptions(
    units,
    units.map((unit) => unit.code),
  );
  return { query, result: valid ? null : submission.reply(), list, unitChoices };
}

/**
 * The CSV of the filtered list, every page: the API's text/csv passed through as a download.
 * The typed client reads JSON only, so this one call goes through the transport itself.
 */
export async function ordersCsv(request: Request): Promise<Response> {
  await requireStaff(request, { part: "sales" });
  const token = await getStaffToken(request);
  const url = new URL(request.url);
  const path = buildPath(gestorSales.exportCsv.path, {}, typedFilters(url));
  const headers = new Headers({ authorization: `Bearer ${token ?? ""}`, accept: "text/csv" });
  const address = clientAddressOf(request);
  if (address) headers.set("x-forwarded-for", address);
  const reply = await defaultTransport()(path, { method: "GET", headers });
  if (reply.status === 401) throw redirect(loginRedirectFor(request));
  if (!reply.ok) {
    const body = (await reply.json().catch(() => null)) as { error?: { message?: string } } | null;
    const back = `${GESTOR_PATHS.orders}${url.search}`;
    throw await toasts().redirectWithError(back, body?.error?.message ?? STORE_API_UNAVAILABLE);
  }
  return new Response(reply.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="pedidos-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
