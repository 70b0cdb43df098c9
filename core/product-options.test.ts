import { describe, expect, it } from "vitest";
import { chosenOption } from "./product-options.ts";

describe("chosenOption", () => {
  it("writes the option's name and the value sold", () => {
    expect(chosenOption("Tamanho", "M")).toBe("Tamanho: M");
  });
  it("names a value whose option has no name as an option", () => {
    expect(chosenOption(null, "Azul")).toBe("Opção: Azul");
  });
  it("is nothing for a product without options", () => {
    expect(chosenOption("Tamanho", null)).toBeNull();
    expect(chosenOption(null, null)).toBeNull();
  });
});
