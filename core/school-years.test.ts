import { describe, expect, it } from "vitest";
import {
  currentGrade,
  currentSchoolYear,
  gradeLine,
  lacksGradeNames,
  namedSchoolYears,
  periodYear,
} from "./school-years.ts";

const year = (CODPERLET: string, deletedAt: string | null = null, codgrade: string | null = null) => ({
  CODPERLET,
  CODCOLIGADA: "1",
  deletedAt,
  codgrade,
});

describe("currentSchoolYear", () => {
  it("takes the current period's enrolment, whatever the order of the list", () => {
    const years = [year("202500"), year("202600"), year("202400")];
    expect(currentSchoolYear(years, "202600")).toBe(years[1]);
  });

  it("takes the current period's enrolment even when the school ended it", () => {
    const years = [year("202600", "2026-03-01T00:00:00Z"), year("202500")];
    expect(currentSchoolYear(years, "202600")).toBe(years[0]);
  });

  it("falls back to the newest live enrolment, never to an ended one", () => {
    const years = [year("202300"), year("202500", "2025-06-01T00:00:00Z"), year("202400")];
    expect(currentSchoolYear(years, "202600")).toBe(years[2]);
    expect(currentSchoolYear([year("202500", "2025-06-01T00:00:00Z")], "202600")).toBeUndefined();
    expect(currentSchoolYear([], "202600")).toBeUndefined();
  });
});

describe("currentGrade", () => {
  it("is the codgrade of the current period's live enrolment, its CODPERLET trimmed", () => {
    expect(currentGrade([year("202500", null, "EF05"), year("202600 ", null, "EF06")], "202600")).toEqual({
      CODPERLET: "202600",
      codgrade: "EF06",
    });
  });

  it("is none for an enrolment the school ended, or only last year's (no fallback), or one without grade", () => {
    expect(
      currentGrade([year("202600", "2026-03-01T00:00:00Z", "EF06"), year("202500", null, "EF05")], "202600"),
    ).toBeNull();
    expect(currentGrade([year("202500", null, "EF05")], "202600")).toBeNull();
    expect(currentGrade([year("202600")], "202600")).toBeNull();
  });
});

describe("gradeLine", () => {
  const sixth = {
    ...year("202600", null, "EF06"),
    CURSO: "Ensino Fundamental II",
    HABILITACAO: "6º Ano",
    TURMA: "B",
    TURNO: "Manhã",
  };

  it("reads grade, level, class and shift", () => {
    expect(gradeLine(sixth)).toBe("6º Ano · Ensino Fundamental II · Turma B · Manhã");
  });

  it("leaves out what the enrolment does not say", () => {
    expect(gradeLine({ ...sixth, TURMA: null, TURNO: undefined })).toBe("6º Ano · Ensino Fundamental II");
    expect(gradeLine({ ...sixth, HABILITACAO: null, CURSO: null, TURNO: "" })).toBe("Turma B");
    expect(gradeLine(year("202600"))).toBeNull();
    expect(gradeLine(undefined)).toBeNull();
  });

  it("says the student is not enrolled in an ended period's year", () => {
    expect(gradeLine({ ...sixth, deletedAt: "2026-03-01T00:00:00Z" })).toBe("Não matriculado(a) em 2026");
  });
});

describe("namedSchoolYears", () => {
  const series = [
    { id: 1, codgrade: "EF06", CODPERLET: "202600", CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano" },
    { id: 2, codgrade: "EF06", CODPERLET: "202500", CURSO: "Fundamental II", HABILITACAO: "Sexto ano" },
  ];

  it("names a codgrade-only enrolment from the series of its period", () => {
    const years = [year("202600", null, "EF06"), year("202500", null, "EF05")];
    expect(lacksGradeNames(years)).toBe(true);
    const named = namedSchoolYears(years, series);
    expect(named[0]).toMatchObject({ CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano" });
    // No grade EF05 in 2025's list: nothing is made up.
    expect(named[1]).toEqual(years[1]);
  });

  it("keeps names the reply already has", () => {
    const years = [{ ...year("202600", null, "EF06"), CURSO: "EF II", HABILITACAO: "6º ano A" }];
    expect(lacksGradeNames(years)).toBe(false);
    expect(namedSchoolYears(years, series)).toEqual(years);
  });
});

describe("periodYear", () => {
  it("is the year of a year-plus-00 code, other codes as they are", () => {
    expect(periodYear("202600")).toBe("2026");
    expect(periodYear("2025/2")).toBe("2025/2");
  });
});
