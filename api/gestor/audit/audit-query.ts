/**
 * Reading the audit log (Auditoria, admins only): newest first, filtered, paged. Nothing here
 * or anywhere else changes a row (migration 0019's triggers refuse it).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import type { AuditEntryReply } from "../../contract/gestor/team.ts";

export interface AuditFilters {
  page: number;
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/**
 * A day's bounds in the store's time zone (America/Recife, UTC−3 all year: Brazil has had no
 * daylight saving since 2019), as the ISO instants the log stores.
 */
const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`).toISOString();
const nextDayStart = (day: string) => new Date(new Date(`${day}T00:00:00-03:00`).getTime() + 86_400_000).toISOString();

function filtered(db: Kysely<Database>, filters: AuditFilters) {
  const { actor, action, targetType, targetId, from, to } = filters;
  return db
    .selectFrom("audit_log")
    .$if(Boolean(actor), (qb) => qb.where("actor_label", "=", actor!.toLowerCase()))
    .$if(Boolean(action), (qb) =>
      // A whole action or its start ("cart."): a prefix compare, with no LIKE wildcards to escape.
      qb.where(sql`substr(action, 1, ${action!.length})`, "=", action!),
    )
    .$if(Boolean(targetType), (qb) => qb.where("target_type", "=", targetType!))
    .$if(Boolean(targetId), (qb) => qb.where("target_id", "=", targetId!))
    .$if(Boolean(from), (qb) => qb.where("at", ">=", dayStart(from!)))
    .$if(Boolean(to), (qb) => qb.where("at", "<", nextDayStart(to!)));
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export async function listAudit(
  db: Kysely<Database>,
  filters: AuditFilters,
): Promise<{ rows: AuditEntryReply[]; page: number; pageCount: number; total: number; actions: string[] }> {
  const counted = await filtered(db, filters)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const { offset, pageCount, page } = paging(filters.page, total);
  const rows = await filtered(db, filters)
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(GESTOR_PAGE_SIZE)
    .offset(offset)
    .execute();
  const actions = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor_label,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      summary: row.summary,
      before: parsed(row.before_json),
      after: parsed(row.after_json),
    })),
    page,
    pageCount,
    total,
    actions: actions.map((row) => row.action),
  };
}
