/**
 * What applying a roster would do (issue 27), computed from the checked rows and the store's
 * current state, with no database at hand: each row creates a student, updates one, enrols one
 * again or changes nothing; and the students enrolled in a (period, unit) of the file whose RA the
 * file lacks are marked as not enrolled in that period (spec §3 schoolYears[].deletedAt). Only the
 * pairs the file names: one unit's file never touches another unit's students.
 */
import type { RosterCounts } from "../../contract/gestor/roster.ts";
import { ROSTER_MESSAGES, type RosterStudent } from "../../contract/gestor/roster-row.ts";
import { rosterRowHash, type RosterError } from "./roster-row.ts";

/** A student of the store with an RA, as the diff needs it. */
export interface CurrentStudent {
  id: string;
  ra: string;
  rosterHash: string | null;
  enrolments: CurrentEnrolment[];
}

export interface CurrentEnrolment {
  id: string;
  codperlet: string;
  codcoligada: string;
  codgrade: string | null;
  turma: string | null;
  turno: string | null;
  deletedAt: string | null;
}

/** A live enrolment in one of the file's (period, unit) pairs. */
export interface LiveEnrolment {
  enrolmentId: string;
  studentId: string;
  ra: string;
  codperlet: string;
  codcoligada: string;
}

export interface RosterState {
  unitCodes: ReadonlySet<string>;
  /** `${period}:${codgrade}` of the grades of the file's periods. */
  grades: ReadonlySet<string>;
  studentsByRa: ReadonlyMap<string, CurrentStudent>;
  /** Every live enrolment in the file's (period, unit) pairs. */
  liveInPairs: readonly LiveEnrolment[];
}

export interface PlannedRow {
  line: number;
  row: RosterStudent;
  hash: string;
  /** The existing student's id; absent for a new one. */
  studentId?: string;
  /** The row's period is the student's newest: students.turno follows its shift. */
  newestPeriod: boolean;
}

export interface RosterPlan {
  errors: RosterError[];
  creates: PlannedRow[];
  updates: PlannedRow[];
  /** Same data, but the enrolment of the period was ended (or differs): written again. */
  reenrols: PlannedRow[];
  unchanged: PlannedRow[];
  notEnrolled: LiveEnrolment[];
}

const pairKey = (codperlet: string, codcoligada: string) => `${codperlet}:${codcoligada}`;

/** The (period, unit) pairs and the periods a file names. */
export function pairsOf(rows: readonly { row: RosterStudent }[]) {
  const pairs = new Map<string, { codperlet: string; codcoligada: string }>();
  for (const { row } of rows) {
    const { CODPERLET: codperlet, CODCOLIGADA: codcoligada } = row.enrolment;
    pairs.set(pairKey(codperlet, codcoligada), { codperlet, codcoligada });
  }
  return [...pairs.values()];
}

function sameEnrolment(current: CurrentEnrolment | undefined, row: RosterStudent): boolean {
  const wanted = row.enrolment;
  return (
    current !== undefined &&
    current.deletedAt === null &&
    current.codcoligada === wanted.CODCOLIGADA &&
    current.codgrade === wanted.codgrade &&
    current.turma === wanted.turma &&
    current.turno === wanted.turno
  );
}

/**
 * The plan of `rows` against `state`. `otherRas`: RAs of the file's lines that failed their own
 * checks; their students are not missing from the file (the preview must not announce them so).
 */
export function planRoster(
  rows: readonly { line: number; row: RosterStudent }[],
  state: RosterState,
  otherRas: readonly string[] = [],
): RosterPlan {
  const plan: RosterPlan = { errors: [], creates: [], updates: [], reenrols: [], unchanged: [], notEnrolled: [] };
  for (const { line, row } of rows) {
    const { CODPERLET: period, CODCOLIGADA: unit, codgrade } = row.enrolment;
    const errors: RosterError[] = [];
    if (!state.unitCodes.has(unit)) errors.push({ line, column: "CODCOLIGADA", message: ROSTER_MESSAGES.unitUnknown });
    if (!state.grades.has(`${period}:${codgrade}`))
      errors.push({ line, column: "CODGRADE", message: ROSTER_MESSAGES.gradeUnknown(period) });
    if (errors.length > 0) {
      plan.errors.push(...errors);
      continue;
    }
    const hash = rosterRowHash(row);
    const current = state.studentsByRa.get(row.RA);
    if (!current) {
      plan.creates.push({ line, row, hash, newestPeriod: true });
      continue;
    }
    const newestPeriod = current.enrolments.every((enrolment) => enrolment.codperlet <= period);
    const planned = { line, row, hash, studentId: current.id, newestPeriod };
    if (current.rosterHash !== hash) plan.updates.push(planned);
    else if (
      !sameEnrolment(
        current.enrolments.find((enrolment) => enrolment.codperlet === period),
        row,
      )
    )
      plan.reenrols.push(planned);
    else plan.unchanged.push(planned);
  }
  const inFile = new Set([...rows.map(({ row }) => row.RA), ...otherRas]);
  plan.notEnrolled = state.liveInPairs.filter((enrolment) => !inFile.has(enrolment.ra));
  return plan;
}

/** How many rows of each kind a plan has: what a preview announces and an import reports. */
export function planCounts(plan: RosterPlan): RosterCounts {
  return {
    created: plan.creates.length,
    updated: plan.updates.length,
    reenrolled: plan.reenrols.length,
    unchanged: plan.unchanged.length,
    notEnrolled: plan.notEnrolled.length,
  };
}
