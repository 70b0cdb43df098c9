import { describe, expect, it } from "vitest";
import { unitNameIn } from "./school-units.ts";

describe("unitNameIn", () => {
  const units = { names: { "0": "Sede da rede", "12": "Colégio do Bairro" }, fallback: "Sede da rede" };

  it("names a unit by its code, as number or padded text", () => {
    expect(unitNameIn(units, "12")).toBe("Colégio do Bairro");
    expect(unitNameIn(units, 12)).toBe("Colégio do Bairro");
    expect(unitNameIn(units, " 12 ")).toBe("Colégio do Bairro");
  });

  it("shows the fallback (spec §9) for a code the network does not have, even one that names an object key", () => {
    expect(unitNameIn(units, "99")).toBe("Sede da rede");
    expect(unitNameIn(units, null)).toBe("Sede da rede");
    expect(unitNameIn(units, "constructor")).toBe("Sede da rede");
  });
});
