/**
 * The gestor's CSV files as a school's ERP and a spreadsheet write them (docs/decisions/0032):
 * semicolon-separated, UTF-8 with or without a BOM, a header row naming every column. One home
 * for reading one (the catalogue's and the grades' imports) and for writing one back in the
 * same shape (their exports), so importing an export changes nothing. The roster's file
 * (api/gestor/roster/roster-csv.ts) is read here too, its header matched ignoring case.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { cellFromSpreadsheet, NEUTRALISE_FORMULAS } from "./spreadsheet-cells.ts";

export interface CsvRow {
  /** The file's line the row ends on, as an error names it. */
  line: number;
  values: Record<string, string>;
}

export interface CsvError {
  line: number;
  column: string;
  message: string;
}

/** A limit as Portuguese writes it: 5000 stays 5000, 30000 becomes 30.000. */
const rowLimit = new Intl.NumberFormat("pt-BR", { useGrouping: "min2" });

/**
 * The file's rows by header, or the errors that stop reading it at all (line 1: the header).
 * `rowNoun` names a row in the messages: "produtos", "séries". `ignoreHeaderCase`: a header
 * "ra" or "Nome" names the column RA or NOME (an ERP's export is not always in capitals); the
 * values are keyed by the column as `columns` spells it. `rowCount`: the file's lines after the
 * header, read or not.
 */
export function readGestorCsv(
  csv: string,
  {
    columns,
    optionalColumns = [],
    maxRows,
    rowNoun,
    ignoreHeaderCase = false,
  }: {
    columns: readonly string[];
    /** Columns a file may leave out (added later: older files still import); absent from `values`. */
    optionalColumns?: readonly string[];
    maxRows: number;
    rowNoun: { one: string; many: string };
    ignoreHeaderCase?: boolean;
  },
): { rows: CsvRow[]; errors: CsvError[]; rowCount: number } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      delimiter: ";",
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const message = "O arquivo não é um CSV legível (aspas sem fechar?).";
    return { rows: [], errors: [{ line, column: "", message }], rowCount: 0 };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], errors: [{ line: 1, column: "", message: "O arquivo está vazio." }], rowCount: 0 };
  const comparable = (name: string) => (ignoreHeaderCase ? name.toUpperCase() : name);
  const columnOf = new Map([...columns, ...optionalColumns].map((column) => [comparable(column), column]));
  const names = header.record.map((written) => columnOf.get(comparable(written.trim())) ?? written.trim());
  const errors: CsvError[] = [
    ...columns
      .filter((column) => !names.includes(column))
      .map((column) => ({ line: 1, column, message: `Falta a coluna ${column} no cabeçalho.` })),
    ...names
      .filter((name) => !columns.includes(name) && !optionalColumns.includes(name))
      .map((name) => ({ line: 1, column: name, message: `Coluna desconhecida: "${name}".` })),
  ];
  if (data.length > maxRows)
    errors.push({
      line: 1,
      column: "",
      message: `O arquivo tem mais de ${rowLimit.format(maxRows)} ${rowNoun.many}.`,
    });
  if (data.length === 0) errors.push({ line: 1, column: "", message: `O arquivo não tem nenhum ${rowNoun.one}.` });
  if (errors.length > 0) return { rows: [], errors, rowCount: data.length };
  const rows = data.map(({ record, info }) => ({
    line: info.lines,
    // A cell the export kept as text with an apostrophe (spreadsheet-cells.ts) comes back as it was.
    values: Object.fromEntries(names.map((name, index) => [name, cellFromSpreadsheet(record[index] ?? "")])),
  }));
  return { rows, errors: [], rowCount: data.length };
}

/** Rows in the import's shape: the BOM lets a spreadsheet read the accents as UTF-8. */
export function writeGestorCsv(rows: readonly Record<string, string | number>[], columns: readonly string[]): string {
  // A cell "=HYPERLINK(…)" is text in the spreadsheet, not a formula (spreadsheet-cells.ts).
  const csv = stringify(rows as Record<string, string | number>[], {
    header: true,
    columns: [...columns],
    delimiter: ";",
    record_delimiter: "\r\n",
    ...NEUTRALISE_FORMULAS,
  });
  return `\uFEFF${csv}`;
}
