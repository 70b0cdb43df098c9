import { describe, expect, it } from "vitest";
import {
  formatAddress,
  formatBirthPlace,
  formatStoredCpf,
  responsibleHeading,
  currentGrades,
  schoolPeriod,
  studentGradeLine,
  studentUnitCode,
} from "./students.ts";

const NOW = new Date("2026-05-10T12:00:00Z");

describe("responsibleHeading", () => {
  it("reads 9 as guardian, 7 as mother and anything else as father", () => {
    expect(responsibleHeading(9)).toBe("Dados do responsável");
    expect(responsibleHeading("9")).toBe("Dados do responsável");
    expect(responsibleHeading(7)).toBe("Dados da mãe");
    expect(responsibleHeading(1)).toBe("Dados do pai");
    expect(responsibleHeading(3)).toBe("Dados do pai");
  });
});

describe("studentUnitCode", () => {
  it("prefers the live school year, then the first affiliate", () => {
    const affiliate = { CODCOLIGADA: "5", name: "Olinda", id: "a" };
    expect(
      studentUnitCode(
        {
          schoolYears: [
            { CODPERLET: "2023", CODCOLIGADA: "1", deletedAt: "2024-01-01" },
            { CODPERLET: "2024", CODCOLIGADA: "3", deletedAt: null },
          ],
          Affiliates: [affiliate],
        },
        NOW,
      ),
    ).toBe("3");
    expect(studentUnitCode({ schoolYears: [], Affiliates: [affiliate] })).toBe("5");
    expect(studentUnitCode({ schoolYears: [], Affiliates: [] })).toBeUndefined();
  });
});

describe("formatAddress and formatBirthPlace", () => {
  it("joins what is there", () => {
    expect(
      formatAddress({
        rua: "Avenida Boa Viagem",
        numero: "120",
        bairro: "Boa Viagem",
        cidade: "Recife",
        estado: "PE",
        cep: "51021000",
      }),
    ).toBe("Avenida Boa Viagem, 120 - Boa Viagem, Recife - PE, CEP 51021-000");
    expect(
      formatAddress({
        rua: "Rua do Amparo",
        numero: "45",
        complemento: "Casa 2, fundos",
        bairro: "Carmo",
        cidade: "Olinda",
        estado: "PE",
        cep: "53020000",
      }),
    ).toBe("Rua do Amparo, 45, Casa 2, fundos - Carmo, Olinda - PE, CEP 53020-000");
    expect(formatAddress({ rua: null, numero: null, bairro: null, cidade: null, estado: null, cep: null })).toBeNull();
    expect(formatBirthPlace({ naturalidade: "Olinda", estadonatal: "PE" })).toBe("Olinda - PE");
    expect(formatBirthPlace({ naturalidade: "", estadonatal: null })).toBeNull();
  });
});

describe("formatStoredCpf", () => {
  it("shows a masked CPF as the store API sent it, and masks digits as 999.999.999-99", () => {
    expect(formatStoredCpf("***.982.247-**")).toBe("***.982.247-**");
    expect(formatStoredCpf("52998224725")).toBe("529.982.247-25");
    expect(formatStoredCpf(null)).toBeNull();
  });
});

describe("schoolPeriod", () => {
  it("is the school year of the live enrolment (CODPERLET year + 00), not the shift", () => {
    expect(
      schoolPeriod(
        {
          schoolYears: [
            { CODPERLET: "202400", CODCOLIGADA: "1", deletedAt: "2025-01-01" },
            { CODPERLET: "202500", CODCOLIGADA: "3", deletedAt: null },
          ],
        },
        NOW,
      ),
    ).toBe("2025");
    expect(schoolPeriod({ schoolYears: [{ CODPERLET: "2025/2", CODCOLIGADA: "1", deletedAt: null }] })).toBe("2025/2");
    expect(schoolPeriod({ schoolYears: [] })).toBeNull();
  });
});

describe("the enrolment of now", () => {
  const enrolment = (CODPERLET: string, codgrade: string, deletedAt: string | null = null) => ({
    CODPERLET,
    CODCOLIGADA: "1",
    deletedAt,
    codgrade,
    CURSO: "Ensino Fundamental II",
    HABILITACAO: codgrade === "EF06" ? "6º Ano" : "5º Ano",
    TURMA: "B",
    TURNO: "Manhã",
  });
  // Newest period first, as the API answers; the rule must not depend on it.
  const twoYears = { schoolYears: [enrolment("202500", "EF05"), enrolment("202600", "EF06")] };

  it("shows this year's grade, not last year's", () => {
    expect(schoolPeriod(twoYears, NOW)).toBe("2026");
    expect(studentGradeLine(twoYears, NOW)).toBe("6º Ano · Ensino Fundamental II · Turma B · Manhã");
    expect(currentGrades([twoYears], NOW)).toEqual([{ CODPERLET: "202600", codgrade: "EF06" }]);
  });

  it("says a student the school took out of this year is not enrolled", () => {
    const ended = { schoolYears: [enrolment("202600", "EF06", "2026-04-01T00:00:00Z"), enrolment("202500", "EF05")] };
    expect(studentGradeLine(ended, NOW)).toBe("Não matriculado(a) em 2026");
    expect(schoolPeriod(ended, NOW)).toBeNull();
    expect(currentGrades([ended], NOW)).toEqual([]);
  });

  it("shows last year's grade until this year's roster arrives, but does not offer it as this year's", () => {
    const lastYear = { schoolYears: [enrolment("202500", "EF05")] };
    expect(studentGradeLine(lastYear, NOW)).toBe("5º Ano · Ensino Fundamental II · Turma B · Manhã");
    expect(currentGrades([lastYear], NOW)).toEqual([]);
  });
});
