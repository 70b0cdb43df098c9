/**
 * The roster import (issue 27): a preview reads, checks and diffs the file with no change to
 * the students and stages it; the import applies the staged file in one transaction, all or
 * nothing, after reading and diffing again under the roster's lock (the state may have moved
 * since the preview). `applyRosterRows` is the one way rows reach the database: the ERP's sync
 * call applies its single row through it too.
 */
import type { Kysely } from "kysely";
import { counted } from "#core/text.ts";
import type { Database } from "#db/schema.ts";
import type { ApiDeps } from "../../deps.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { GestorError } from "../gestor-error.ts";
import { rosterCountsText, type RosterCounts, type RosterReport } from "../../contract/gestor/roster.ts";
import { lockRoster, readRosterState, writeRosterPlan } from "./repository.ts";
import { readRosterCsv, type RosterCsvRow } from "./roster-csv.ts";
import { pairsOf, planCounts, planRoster, type PlannedRow, type RosterPlan } from "./roster-diff.ts";
import { rosterErrorText, type RosterError } from "./roster-row.ts";
import { loadUpload, markUploadApplied, stageUpload } from "./roster-uploads.ts";

/** What a page lists of a report: enough to see what the file does, not 20,000 lines. */
const ERRORS_SHOWN = 200;
const CHANGES_SHOWN = 50;

/** An import refused: nothing was written. */
export class RosterRejected extends GestorError {
  readonly errors: RosterError[];
  constructor(errors: RosterError[]) {
    super(`Nada foi importado: ${counted(errors.length, "erro", "erros")} no arquivo. Confira a prévia.`);
    this.errors = errors;
  }
}

const byLine = (a: RosterError, b: RosterError) => a.line - b.line;

function reportOf(fileName: string, rowCount: number, errors: RosterError[], plan: RosterPlan): RosterReport {
  const change = ({ line, row }: PlannedRow) => ({ line, RA: row.RA, nome: row.nome });
  return {
    fileName,
    rowCount,
    counts: planCounts(plan),
    errors: errors.slice(0, ERRORS_SHOWN).map((error) => ({ ...error, text: rosterErrorText(error) })),
    errorCount: errors.length,
    changes: {
      creates: plan.creates.slice(0, CHANGES_SHOWN).map(change),
      updates: plan.updates.slice(0, CHANGES_SHOWN).map(change),
      reenrols: plan.reenrols.slice(0, CHANGES_SHOWN).map(change),
      notEnrolled: plan.notEnrolled
        .slice(0, CHANGES_SHOWN)
        .map(({ ra, codperlet, codcoligada }) => ({ RA: ra, CODPERLET: codperlet, CODCOLIGADA: codcoligada })),
    },
    upload: null,
  };
}

/** The rows' plan against the store as it is now (read in `db`, a transaction or not). */
async function planRows(
  db: Kysely<Database>,
  storeId: number,
  rows: readonly RosterCsvRow[],
  { markMissing, otherRas = [] }: { markMissing: boolean; otherRas?: readonly string[] },
) {
  const state = await readRosterState(db, storeId, rows, markMissing ? pairsOf(rows) : []);
  return planRoster(rows, state, otherRas);
}

/**
 * Checks a roster file and says what importing it would do; writes no student. A file without
 * errors is staged for the import (roster-uploads.ts).
 */
export async function previewRoster(
  deps: Pick<ApiDeps, "db" | "now">,
  storeId: number,
  { csv, fileName }: { csv: string; fileName: string },
  actor: AuditActor,
): Promise<RosterReport> {
  const read = readRosterCsv(csv);
  const plan = await planRows(deps.db, storeId, read.rows, { markMissing: true, otherRas: read.ras });
  const errors = [...read.errors, ...plan.errors].sort(byLine);
  const report = reportOf(fileName, read.rowCount, errors, plan);
  if (errors.length === 0)
    report.upload = await stageUpload(
      deps.db,
      {
        storeId,
        kind: "alunos",
        staffId: actor.kind === "staff" ? actor.staffId : null,
        fileName,
        csv,
        rowCount: read.rowCount,
      },
      deps.now(),
    );
  return report;
}

/**
 * Applies checked rows: creates, updates, enrols again, and (with `markMissing`, a whole file)
 * marks as not enrolled the students of the rows' (period, unit) pairs that the rows lack.
 * Call inside a transaction that took lockRoster first. Any row wrong: RosterRejected, and the
 * caller's transaction writes nothing.
 */
export async function applyRosterRows(
  trx: Kysely<Database>,
  storeId: number,
  rows: readonly RosterCsvRow[],
  { markMissing, at }: { markMissing: boolean; at: Date },
): Promise<RosterCounts> {
  const plan = await planRows(trx, storeId, rows, { markMissing });
  if (plan.errors.length > 0) throw new RosterRejected(plan.errors);
  return writeRosterPlan(trx, storeId, plan, at.toISOString());
}

function importSummary(fileName: string, writes: RosterCounts): string {
  return `Importou alunos matriculados de ${fileName}: ${rosterCountsText(writes)}.`;
}

/**
 * Imports a previewed file, named by its upload id and SHA-256: all of it or nothing, audited
 * once ("roster.import") with the counts, the file's name and its SHA-256.
 */
export async function importRoster(
  deps: Pick<ApiDeps, "db" | "now">,
  storeId: number,
  { uploadId, sha256 }: { uploadId: string; sha256: string },
  actor: AuditActor,
): Promise<{ fileName: string; counts: RosterCounts; periods: string[] }> {
  const now = deps.now();
  // Read and checked before the transaction: the write lock is held for the writes only.
  const { fileName, csv } = await loadUpload(deps.db, { storeId, kind: "alunos", id: uploadId, sha256 }, now);
  const read = readRosterCsv(csv);
  if (read.errors.length > 0) throw new RosterRejected(read.errors);
  return deps.db.transaction().execute(async (trx) => {
    await lockRoster(trx, storeId);
    await markUploadApplied(trx, uploadId, now);
    const counts = await applyRosterRows(trx, storeId, read.rows, { markMissing: true, at: now });
    await recordAudit(
      trx,
      actor,
      {
        action: "roster.import",
        targetType: "roster",
        targetId: uploadId,
        summary: importSummary(fileName, counts),
        after: { fileName, sha256, rowCount: read.rowCount, ...counts },
      },
      now,
    );
    const periods = [...new Set(read.rows.map(({ row }) => row.enrolment.CODPERLET))].sort();
    return { fileName, counts, periods };
  });
}
