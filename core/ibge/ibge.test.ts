import { describe, expect, it } from "vitest";
import { CITY_COUNT, citiesOf, findCity, isCityOf, isState, STATES, stateOf } from "./index.ts";

describe("STATES", () => {
  it("lists the 27 federative units sorted by name", () => {
    expect(STATES).toHaveLength(27);
    expect(STATES[0]).toEqual({ id: 12, sigla: "AC", nome: "Acre" });
    expect(STATES.at(-1)?.nome).toBe("Tocantins");
    const names = STATES.map((s) => s.nome);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "pt-BR")));
    expect(STATES.find((s) => s.sigla === "PE")).toEqual({ id: 26, sigla: "PE", nome: "Pernambuco" });
    expect(STATES.some((s) => s.sigla === "DF")).toBe(true);
  });
});

describe("cities", () => {
  it("bundles all 5,571 municipalities", () => {
    expect(CITY_COUNT).toBe(5571);
    const total = STATES.reduce((sum, s) => sum + citiesOf(s.sigla).length, 0);
    expect(total).toBe(5571);
  });

  it("lists the cities of a state sorted by name", () => {
    const pe = citiesOf("PE");
    expect(pe).toHaveLength(185);
    const names = pe.map((c) => c.nome);
    expect(names).toContain("Recife");
    expect(names).toContain("Jaboatão dos Guararapes");
    expect(names).toContain("Fernando de Noronha");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "pt-BR")));
    expect(pe.find((c) => c.nome === "Recife")).toEqual({ id: 2611606, nome: "Recife" });
    expect(citiesOf("DF").map((c) => c.nome)).toEqual(["Brasília"]);
    expect(citiesOf("SP")).toHaveLength(645);
  });

  it("sorts accented names where a Brazilian expects them", () => {
    const names = citiesOf("AC").map((c) => c.nome);
    expect(names.indexOf("Acrelândia")).toBeLessThan(names.indexOf("Assis Brasil"));
    expect(names.indexOf("Epitaciolândia")).toBeLessThan(names.indexOf("Feijó"));
  });

  it("gives an empty list for an unknown state and accepts lowercase", () => {
    expect(citiesOf("XX")).toEqual([]);
    expect(citiesOf("")).toEqual([]);
    expect(citiesOf("pe")).toEqual(citiesOf("PE"));
  });

  it("returns a copy that callers may change", () => {
    citiesOf("PE").pop();
    expect(citiesOf("PE")).toHaveLength(185);
  });
});

describe("isState / stateOf", () => {
  it("recognises state abbreviations", () => {
    expect(isState("PE")).toBe(true);
    expect(isState("sp")).toBe(true);
    expect(isState("XX")).toBe(false);
    expect(isState("")).toBe(false);
    expect(stateOf("ba")?.nome).toBe("Bahia");
    expect(stateOf("ZZ")).toBeUndefined();
  });
});

describe("isCityOf / findCity", () => {
  it("matches city names ignoring accents, case and spacing", () => {
    expect(isCityOf("PE", "Recife")).toBe(true);
    expect(isCityOf("PE", "recife")).toBe(true);
    expect(isCityOf("PE", "JABOATAO DOS GUARARAPES")).toBe(true);
    expect(isCityOf("pe", "  jaboatão   dos guararapes ")).toBe(true);
    expect(isCityOf("SP", "São Paulo")).toBe(true);
    expect(isCityOf("AL", "Olho d’Água das Flores")).toBe(true);
  });

  it("rejects a city of another state or an unknown one", () => {
    expect(isCityOf("SP", "Recife")).toBe(false);
    expect(isCityOf("PE", "Atlantis")).toBe(false);
    expect(isCityOf("XX", "Recife")).toBe(false);
    expect(isCityOf("PE", "")).toBe(false);
  });

  it("finds the canonical IBGE spelling", () => {
    expect(findCity("pe", "jaboatao dos guararapes")).toEqual({ id: 2607901, nome: "Jaboatão dos Guararapes" });
    expect(findCity("PE", "Nowhere")).toBeUndefined();
  });
});
