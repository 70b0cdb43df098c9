import { describe, expect, it } from "vitest";
import type { MaterialListSummary } from "#api/contract/material-lists.ts";
import { groupByPeriodAndCourse } from "./public-list.server.ts";

const summary = (periodCode: string, codgrade: string, course: string): MaterialListSummary => ({
  id: `${periodCode}-${codgrade}`,
  periodCode,
  codgrade,
  gradeName: codgrade,
  course,
  discountPercentage: null,
  lineCount: 1,
});

describe("/listas-de-material's groups", () => {
  it("put the newest school year first, its courses and grades in the store's order", () => {
    const groups = groupByPeriodAndCourse([
      summary("202500", "EF06", "Ensino Fundamental II"),
      summary("202600", "EI04", "Educação Infantil"),
      summary("202600", "EF01", "Ensino Fundamental I"),
      summary("202600", "EF02", "Ensino Fundamental I"),
      summary("202600", "EF06", "Ensino Fundamental II"),
    ]);
    expect(
      groups.map((period) => [
        period.year,
        period.courses.map((course) => [course.course, course.lists.map((list) => list.codgrade)]),
      ]),
    ).toEqual([
      [
        "2026",
        [
          ["Educação Infantil", ["EI04"]],
          ["Ensino Fundamental I", ["EF01", "EF02"]],
          ["Ensino Fundamental II", ["EF06"]],
        ],
      ],
      ["2025", [["Ensino Fundamental II", ["EF06"]]]],
    ]);
  });
});
