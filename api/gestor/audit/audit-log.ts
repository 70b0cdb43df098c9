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

/**
 * Who acted: a staff member in the area, the command-line tool on the server, or the school's
 * ERP through an integration key (decision 0060).
 */
export type AuditActor =
  | { kind: "staff"; staffId: string; email: string; address: string | null }
  | { kind: "cli" }
  | { kind: "integration"; keyId: string; label: string; hint: string; address: string | null };

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

/** How the log names the actor: the person's e-mail, "linha de comando", or the key. */
export function actorLabel(actor: AuditActor): string {
  if (actor.kind === "staff") return actor.email;
  if (actor.kind === "cli") return COMMAND_LINE_LABEL;
  return `chave de integração: ${actor.label} (…${actor.hint})`;
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
      actor_label: actorLabel(actor),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: entry.summary,
      before_json: json(entry.before),
      after_json: json(entry.after),
      address: actor.kind === "cli" ? null : actor.address,
    })
    .execute();
}
