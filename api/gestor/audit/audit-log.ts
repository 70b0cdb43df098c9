/**
 * The audit log (issue 15): who did what, when, to what, with the before and after. One row
 * per staff action, written in the transaction of the action itself, so an action is never
 * without its entry nor an entry without its action. Append-only: migration 0019's triggers
 * refuse UPDATE and DELETE.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax
 * in its imports.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/** Who acted: a staff member in the area, or the command-line tool on the server. */
export type AuditActor = { kind: "staff"; staffId: string; email: string; address: string | null } | { kind: "cli" };

/** The command-line tool (scripts/gestor.ts): someone with a shell on the server. */
export const COMMAND_LINE: AuditActor = { kind: "cli" };
export const COMMAND_LINE_LABEL = "linha de comando";

export interface AuditEntry {
  /** A dotted name, area first: "cart.remove-item", "product.update", "staff.invite". */
  action: string;
  targetType: string;
  targetId: string | null;
  /** What happened, in Portuguese, as the log shows it: "Removeu Apostila 6º ano do carrinho". */
  summary: string;
  /** The target before and after the action; never a password, token, secret or card. */
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function recordAudit(db: Kysely<Database>, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      at: at.toISOString(),
      actor_kind: actor.kind,
      staff_id: actor.kind === "staff" ? actor.staffId : null,
      actor_label: actor.kind === "staff" ? actor.email : COMMAND_LINE_LABEL,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: entry.summary,
      before_json: json(entry.before),
      after_json: json(entry.after),
      address: actor.kind === "staff" ? actor.address : null,
    })
    .execute();
}
