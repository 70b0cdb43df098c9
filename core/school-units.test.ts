import { describe, expect, it } from "vitest";
import { DEFAULT_SCHOOL_UNIT, SCHOOL_UNITS, schoolUnitByCode, unitFrom, type SchoolUnit } from "./school-units.ts";

const unit = (code: string, name: string): SchoolUnit => ({
  code,
  name,
  address: "Rua A, 1",
  city: "Recife - PE",
  phone: "(81) 3000-0000",
  email: `unidade${code}@escola.test`,
});

describe("unitFrom (spec §9's fallback)", () => {
  const headOffice = unit("0", "Sede da rede");
  const school = unit("12", "Colégio do Bairro");

  it("finds a unit by its code, as number or padded text", () => {
    expect(unitFrom([headOffice, school], "12")).toBe(school);
    expect(unitFrom([headOffice, school], 12)).toBe(school);
    expect(unitFrom([headOffice, school], " 12 ")).toBe(school);
  });

  it("answers the store's head office for a code no unit has", () => {
    expect(unitFrom([school, headOffice], "99")).toBe(headOffice);
    expect(unitFrom([school, headOffice], null)).toBe(headOffice);
  });

  it("answers the default unit when the store has no head office", () => {
    expect(unitFrom([school], "99")).toBe(DEFAULT_SCHOOL_UNIT);
    expect(unitFrom([], "12")).toBe(DEFAULT_SCHOOL_UNIT);
  });

  it("keeps the demo network's units where they were", () => {
    expect(schoolUnitByCode("3")).toBe(SCHOOL_UNITS.find((candidate) => candidate.code === "3"));
    expect(schoolUnitByCode("2")).toBe(DEFAULT_SCHOOL_UNIT);
  });
});
