/**
 * The one home for what every CSV the gestor downloads does to its cells (issue 25, point 18):
 * a cell a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, a tab or a
 * carriage return; OWASP "CSV injection") is kept as text by a leading apostrophe. A cell that
 * already starts with apostrophes before such a character gets one more, so that
 * `cellFromSpreadsheet` gives back exactly what was written: the catalogue's export is also its
 * import, and importing it back must change nothing.
 */
const LOOKS_LIKE_A_FORMULA = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export function spreadsheetCell(value: string): string {
  return LOOKS_LIKE_A_FORMULA.test(value) ? `'${value}` : value;
}

/** The value a spreadsheetCell wrote, for an import of the store's own export. */
export function cellFromSpreadsheet(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/** csv-stringify's option that passes every text cell through spreadsheetCell. */
export const NEUTRALISE_FORMULAS = { cast: { string: spreadsheetCell } } as const;
