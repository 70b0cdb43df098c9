/**
 * Pedidos' list and its CSV (docs/decisions/0030-gestor-orders.md). The filters are a GET form:
 * the same schema as the API's query checks them here first, so a wrong field shows its
 * message beside it and the list is not asked for.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { gestorSales, saleFilters, type SaleFilterQuery } from "#api/contract/gestor/sales.ts";
import { buildPath } from "#api/contract/endpoint.ts";
import { datedFileName, gestorCsvDownload } from "../csv-download.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { unitOptions } from "../unit-options.ts";
import { requireStaff } from "../staff-guard.server.ts";

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

/** The CSV of the filtered list, every page. */
export async function ordersCsv(request: Request): Promise<Response> {
  await requireStaff(request, { part: "sales" });
  const url = new URL(request.url);
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorSales.exportCsv.path, {}, typedFilters(url)),
    fileName: datedFileName("pedidos"),
    back: `${GESTOR_PATHS.orders}${url.search}`,
  });
}
