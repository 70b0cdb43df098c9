import { describe, expect, it } from "vitest";
import { cellFromSpreadsheet, spreadsheetCell } from "./spreadsheet-cells.ts";

describe("spreadsheet cells (CSV injection)", () => {
  it.each(["=1+1", "+55 81", "-2", "@SUM(A1)", "\tx", "\rx", "'=already quoted"])(
    "keeps %j as text with an apostrophe, and gives it back on import",
    (value) => {
      expect(spreadsheetCell(value)).toBe(`'${value}`);
      expect(cellFromSpreadsheet(spreadsheetCell(value))).toBe(value);
    },
  );

  it.each(["Mochila", "", "1234,56", "'quoted by the school", "a=b"])("leaves %j as it is", (value) => {
    expect(spreadsheetCell(value)).toBe(value);
    expect(cellFromSpreadsheet(value)).toBe(value);
  });
});
