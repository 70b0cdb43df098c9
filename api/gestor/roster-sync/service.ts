/**
 * The ERP's sync of the roster (issue 27; decision 0060): one student at a time, through the
 * roster import's own engine (`applyRosterRows`, decision 0059) under the roster's lock, so a
 * nightly job and a CSV import never disagree nor interleave. A call marks no other student
 * (the sync has no "file" whose missing students would end). Every call, also one that changes
 * nothing, leaves one audit entry in its own transaction, naming the key (or the admin).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RosterStudent } from "../../contract/gestor/roster-row.ts";
import { ROSTER_SYNC_MESSAGES, type SyncResult } from "../../contract/gestor/roster-sync.ts";
import type { RosterCounts } from "../../contract/gestor/roster.ts";
import type { ApiDeps } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { lockRoster } from "../roster/repository.ts";
import { applyRosterRows, RosterRejected } from "../roster/service.ts";
import { fieldErrorsText } from "./field-errors.ts";

type Deps = Pick<ApiDeps, "db" | "now">;

/** The id of the store's student with this RA. */
async function studentIdOf(trx: Kysely<Database>, storeId: number, ra: string): Promise<string | undefined> {
  const student = await trx
    .selectFrom("students")
    .select("id")
    .where("store_id", "=", storeId)
    .where("ra", "=", ra)
    .executeTakeFirst();
  return student?.id;
}

/** A reply's result from the import's counts of one row: enrolled again is a change too. */
function resultOf(counts: RosterCounts): SyncResult {
  if (counts.created > 0) return "criado";
  if (counts.updated > 0 || counts.reenrolled > 0) return "atualizado";
  return "sem mudança";
}

/** The row's fields the store checks against its data, as the JSON body names them. */
const BODY_FIELD_OF_COLUMN: Record<string, string> = {
  CODCOLIGADA: "enrolment.CODCOLIGADA",
  CODGRADE: "enrolment.codgrade",
};

/** Creates or updates the student of `row.RA` with the period's enrolment and the school's responsibles. */
export async function syncStudent(
  deps: Deps,
  actor: AuditActor,
  storeId: number,
  row: RosterStudent,
): Promise<{ student: { id: string; RA: string }; result: SyncResult }> {
  const now = deps.now();
  const { CODPERLET, CODCOLIGADA, codgrade } = row.enrolment;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockRoster(trx, storeId);
      const counts = await applyRosterRows(trx, storeId, [{ line: 1, row }], { markMissing: false, at: now });
      const result = resultOf(counts);
      // Written just now, or there already.
      const studentId = (await studentIdOf(trx, storeId, row.RA))!;
      await recordAudit(
        trx,
        actor,
        {
          action: "roster.sync-student",
          targetType: "student",
          targetId: studentId,
          summary: `Sincronizou o aluno de RA ${row.RA} (período ${CODPERLET}, série ${codgrade}): ${result}`,
          after: { RA: row.RA, CODPERLET, CODCOLIGADA, codgrade, result },
        },
        now,
      );
      return { student: { id: studentId, RA: row.RA }, result };
    });
  } catch (error) {
    // An unknown unit or grade: nothing was written (the transaction rolled back).
    if (error instanceof RosterRejected)
      throw badRequest(
        fieldErrorsText(
          error.errors.map(({ column, message }) => ({ field: BODY_FIELD_OF_COLUMN[column] ?? column, message })),
        ),
      );
    throw error;
  }
}

/**
 * Marks the student (not) enrolled in the period: the enrolment's `deleted_at` (spec §3
 * schoolYears[].deletedAt), never a deletion. The same call again changes nothing.
 */
export async function syncEnrolment(
  deps: Deps,
  actor: AuditActor,
  storeId: number,
  { ra, codperlet, enrolled }: { ra: string; codperlet: string; enrolled: boolean },
): Promise<{
  student: { id: string; RA: string };
  enrolment: { CODPERLET: string; enrolled: boolean };
  result: SyncResult;
}> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockRoster(trx, storeId);
    const studentId = await studentIdOf(trx, storeId, ra);
    if (!studentId) throw notFound(ROSTER_SYNC_MESSAGES.studentNotFound(ra));
    const enrolment = await trx
      .selectFrom("student_school_years")
      .select(["id", "deleted_at"])
      .where("student_id", "=", studentId)
      .where("codperlet", "=", codperlet)
      .executeTakeFirst();
    if (!enrolment) throw notFound(ROSTER_SYNC_MESSAGES.enrolmentNotFound(ra, codperlet));
    const result: SyncResult = (enrolment.deleted_at === null) === enrolled ? "sem mudança" : "atualizado";
    if (result === "atualizado")
      await trx
        .updateTable("student_school_years")
        .set({ deleted_at: enrolled ? null : now.toISOString(), updated_at: now.toISOString() })
        .where("id", "=", enrolment.id)
        .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "roster.sync-enrolment",
        targetType: "student",
        targetId: studentId,
        summary: `Marcou o aluno de RA ${ra} como ${enrolled ? "matriculado" : "não matriculado"} no período ${codperlet}: ${result}`,
        before: { enrolled: enrolment.deleted_at === null },
        after: { enrolled },
      },
      now,
    );
    return { student: { id: studentId, RA: ra }, enrolment: { CODPERLET: codperlet, enrolled }, result };
  });
}
