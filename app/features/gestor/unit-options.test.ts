import { describe, expect, it } from "vitest";
import { unitOptions } from "./unit-options.ts";

const units = [
  { code: "0", name: "Sede", active: true },
  { code: "3", name: "Casa Forte", active: false },
  { code: "7", name: "Caruaru", active: true },
];

describe("unitOptions", () => {
  it("offers the active units in the network's order", () => {
    expect(unitOptions(units)).toEqual([
      { value: "0", label: "0 · Sede" },
      { value: "7", label: "7 · Caruaru" },
    ]);
  });

  it("keeps an inactive unit already chosen, marked", () => {
    expect(unitOptions(units, ["3"]).map((option) => option.label)).toEqual([
      "0 · Sede",
      "3 · Casa Forte (inativa)",
      "7 · Caruaru",
    ]);
  });
});
