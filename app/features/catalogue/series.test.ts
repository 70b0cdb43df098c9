import { describe, expect, it } from "vitest";
import { groupSeriesByLevel, levelOf } from "./series.ts";

const serie = (id: number, CURSO: string, HABILITACAO: string) => ({
  id,
  CURSO,
  HABILITACAO,
  codgrade: "",
  CODPERLET: "202600",
});

describe("grade selection", () => {
  it("classifies a grade by its course, ignoring case and accents", () => {
    expect(levelOf({ CURSO: "ENSINO MÉDIO" })).toBe("Ensino Médio");
    expect(levelOf({ CURSO: "Ensino Fundamental II" })).toBe("Ensino Fundamental");
    expect(levelOf({ CURSO: "Educação Infantil" })).toBe("Educação Infantil");
    expect(levelOf({ CURSO: "Curso Livre" })).toBeNull();
  });

  it("groups grades under the three levels, in school order, dropping others", () => {
    const groups = groupSeriesByLevel([
      serie(3, "Ensino Médio", "1ª Série"),
      serie(1, "Educação Infantil", "Infantil 5"),
      serie(2, "Ensino Fundamental I", "1º Ano"),
      serie(9, "Curso Livre", "Robótica"),
    ]);
    expect(groups.map((g) => g.level)).toEqual(["Educação Infantil", "Ensino Fundamental", "Ensino Médio"]);
    expect(groups[2]?.options[0]).toEqual({
      serie_parent: "Ensino Médio",
      serie_children: "1a serie",
      serie_id: 3,
      label: "1ª Série",
    });
  });
});
