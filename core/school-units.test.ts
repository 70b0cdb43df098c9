import { describe, expect, it } from "vitest";
import { DEFAULT_SCHOOL_UNIT, isPickedUpAtUnit, pickupText, unitFrom, type SchoolUnit } from "./school-units.ts";

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
});

describe("pickup at the unit", () => {
  it("is for goods (uniforms, material), not for a course or an event", () => {
    expect(isPickedUpAtUnit("P")).toBe(true);
    expect(isPickedUpAtUnit(" m ")).toBe(true);
    expect(isPickedUpAtUnit("S")).toBe(false);
  });

  it("names the unit, its address and, when informed, its hours", () => {
    const school = unit("12", "Colégio do Bairro");
    expect(pickupText(school)).toBe("Retirada: Colégio do Bairro, Rua A, 1, Recife - PE");
    expect(pickupText({ ...school, pickupHours: "Seg. a sex., 7h às 17h" })).toBe(
      "Retirada: Colégio do Bairro, Rua A, 1, Recife - PE · Seg. a sex., 7h às 17h",
    );
    expect(pickupText({ ...school, pickupHours: null })).toBe("Retirada: Colégio do Bairro, Rua A, 1, Recife - PE");
  });
});
