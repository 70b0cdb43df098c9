import { describe, expect, it } from "vitest";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { readRosterCsv } from "./roster-csv.ts";
import { pairsOf, planRoster, type CurrentStudent, type RosterState } from "./roster-diff.ts";
import { rosterRowHash } from "./roster-row.ts";

const records = rosterRecords({ rows: 4, seed: 9, unitCodes: ["1"], gradeCodes: ["EF06"], firstRa: 100 });
const { rows } = readRosterCsv(rosterCsv(records));

function stateWith(students: CurrentStudent[], liveInPairs: RosterState["liveInPairs"] = []): RosterState {
  return {
    unitCodes: new Set(["1", "3"]),
    grades: new Set(["202600:EF06"]),
    studentsByRa: new Map(students.map((student) => [student.ra, student])),
    liveInPairs,
  };
}

/** A student as the store keeps them after `rows[index]` was applied. */
function applied(index: number, changes: Partial<CurrentStudent> = {}): CurrentStudent {
  const { row } = rows[index]!;
  return {
    id: `student-${index}`,
    ra: row.RA,
    rosterHash: rosterRowHash(row),
    enrolments: [
      {
        id: `enrolment-${index}`,
        codperlet: "202600",
        codcoligada: "1",
        codgrade: "EF06",
        turma: row.enrolment.turma,
        turno: row.enrolment.turno,
        deletedAt: null,
      },
    ],
    ...changes,
  };
}

const lines = (planned: { line: number }[]) => planned.map(({ line }) => line);

describe("planRoster", () => {
  it("creates the students the store lacks and leaves the applied ones alone", () => {
    const plan = planRoster(rows, stateWith([applied(0), applied(1)]));
    expect(lines(plan.unchanged)).toEqual([2, 3]);
    expect(lines(plan.creates)).toEqual([4, 5]);
    expect(plan.updates).toEqual([]);
    expect(plan.reenrols).toEqual([]);
    expect(plan.errors).toEqual([]);
  });

  it("updates a student whose row changed, and enrols again one whose enrolment ended", () => {
    const ended = applied(1);
    ended.enrolments[0]!.deletedAt = "2026-05-01T00:00:00.000Z";
    const plan = planRoster(rows, stateWith([applied(0, { rosterHash: "other" }), ended, applied(2), applied(3)]));
    expect(plan.updates.map(({ line, studentId }) => [line, studentId])).toEqual([[2, "student-0"]]);
    expect(plan.reenrols.map(({ line, studentId }) => [line, studentId])).toEqual([[3, "student-1"]]);
    expect(lines(plan.unchanged)).toEqual([4, 5]);
  });

  it("marks as not enrolled only the students of the file's (period, unit) pairs that it lacks", () => {
    const live = (ra: string, codcoligada: string) => ({
      enrolmentId: `e-${ra}`,
      studentId: `s-${ra}`,
      ra,
      codperlet: "202600",
      codcoligada,
    });
    const plan = planRoster(rows, stateWith([], [live(rows[0]!.row.RA, "1"), live("999", "1")]));
    expect(plan.notEnrolled.map((enrolment) => enrolment.ra)).toEqual(["999"]);
    expect(pairsOf(rows)).toEqual([{ codperlet: "202600", codcoligada: "1" }]);
  });

  it("refuses a row whose unit or grade the store does not have", () => {
    const state = { ...stateWith([]), unitCodes: new Set(["3"]), grades: new Set<string>() };
    const plan = planRoster(rows.slice(0, 1), state);
    expect(plan.errors).toEqual([
      { line: 2, column: "CODCOLIGADA", message: "Unidade não cadastrada em Unidades." },
      { line: 2, column: "CODGRADE", message: "Série não cadastrada em Séries para o período 202600." },
    ]);
    expect(plan.creates).toEqual([]);
  });

  it("follows the shift on the student only when the row's period is their newest", () => {
    const later = applied(0, { rosterHash: "other" });
    later.enrolments.push({ ...later.enrolments[0]!, id: "next", codperlet: "202700" });
    const plan = planRoster(rows.slice(0, 2), stateWith([later, applied(1, { rosterHash: "other" })]));
    expect(plan.updates.map((row) => row.newestPeriod)).toEqual([false, true]);
  });
});
