import { gestorAudit } from "#api/contract/gestor/team.ts";
import { requireAdmin } from "../staff-guard.server.ts";

/** The filters as the page's GET form sends them (empty fields left out). */
const AUDIT_FILTER_NAMES = ["actor", "action", "targetType", "targetId", "from", "to"] as const;
export type AuditFilterName = (typeof AUDIT_FILTER_NAMES)[number];

/** Auditoria (admins only): the log, read-only; the filters live in the address. */
export async function auditPage(request: Request) {
  const { call } = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const filters = Object.fromEntries(
    AUDIT_FILTER_NAMES.map((name) => [name, search.get(name)?.trim() || undefined]),
  ) as Partial<Record<AuditFilterName, string>>;
  const log = await call(gestorAudit.list, {}, { query: { ...filters, page: search.get("page") ?? undefined } });
  return { log, filters };
}
