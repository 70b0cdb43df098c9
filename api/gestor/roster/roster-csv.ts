/**
 * The roster's CSV (issue 27), in the columns a school's ERP exports: semicolon-separated,
 * UTF-8 with or without a BOM, a header row naming ROSTER_CSV_COLUMNS (any order, any case), dates as
 * dd/mm/aaaa or aaaa-mm-dd, CPFs with or without the mask. Reading checks each row on its own
 * (api/contract/gestor/roster-row.ts); what needs the database (the unit, the grade, the current
 * students) is the diff's (roster-diff.ts).
 */
import { stringify } from "csv-stringify/sync";
import { readGestorCsv } from "../csv-file.ts";
import { NEUTRALISE_FORMULAS } from "../spreadsheet-cells.ts";
import { ROSTER_MESSAGES, type RosterStudent } from "../../contract/gestor/roster-row.ts";
import { checkRosterRow, type RosterError } from "./roster-row.ts";

const RESPONSIBLE_COLUMNS = ["NOME", "CPF", "EMAIL", "TELEFONE", "PARENTESCO"] as const;

export const ROSTER_CSV_COLUMNS = [
  "RA",
  "NOME",
  "DTNASCIMENTO",
  "CPF",
  "EMAIL",
  "TELEFONE",
  "CEP",
  "RUA",
  "NUMERO",
  "COMPLEMENTO",
  "BAIRRO",
  "CIDADE",
  "ESTADO",
  "CODCOLIGADA",
  "CODPERLET",
  "CODGRADE",
  "TURMA",
  "TURNO",
  ...RESPONSIBLE_COLUMNS.map((column) => `RESP1_${column}` as const),
  ...RESPONSIBLE_COLUMNS.map((column) => `RESP2_${column}` as const),
] as const;

/** Past this a file is not a school network's roster but a mistake (the benchmark's 20,000 fit). */
export const ROSTER_MAX_ROWS = 30_000;

/** A row of the file that passed its own checks, with the line a secretary sees in a spreadsheet. */
export interface RosterCsvRow {
  line: number;
  row: RosterStudent;
}

export interface RosterCsvRead {
  rows: RosterCsvRow[];
  errors: RosterError[];
  /** Lines read, good or bad (the header aside). */
  rowCount: number;
  /** The RA of every line, a wrong line's too: a student on a wrong line is not missing from the file. */
  ras: string[];
}

/** The file's rows, checked one by one; header problems stop the reading at line 1. */
export function readRosterCsv(csv: string): RosterCsvRead {
  const read = readGestorCsv(csv, {
    columns: ROSTER_CSV_COLUMNS,
    maxRows: ROSTER_MAX_ROWS,
    rowNoun: { one: "aluno", many: "alunos" },
    ignoreHeaderCase: true,
  });
  const known: readonly string[] = ROSTER_CSV_COLUMNS;
  // A column that is not the roster's has no label to show (rosterErrorText): the message names it.
  const errors: RosterError[] = read.errors.map((error) =>
    error.column === "" || known.includes(error.column) ? error : { ...error, column: "" },
  );
  const rows: RosterCsvRow[] = [];
  const lineOfRa = new Map<string, number>();
  const ras: string[] = [];
  for (const { line, values } of read.rows) {
    const cell = (column: string) => values[column]!.trim();
    if (cell("RA") !== "") ras.push(cell("RA"));
    const { input, slots } = rowInput(cell);
    const checked = checkRosterRow(input, line, slots);
    if (checked.errors) {
      errors.push(...checked.errors);
      continue;
    }
    // An RA twice in one file: which row should win is the school's to say, not ours.
    const earlier = lineOfRa.get(checked.row.RA);
    if (earlier !== undefined) {
      errors.push({ line, column: "RA", message: ROSTER_MESSAGES.duplicateRa(earlier) });
      continue;
    }
    lineOfRa.set(checked.row.RA, line);
    rows.push({ line, row: checked.row });
  }
  return { rows, errors, rowCount: read.rowCount, ras };
}

/** The schema's input from the cells; a responsible slot with every cell blank is no responsible. */
function rowInput(cell: (column: string) => string) {
  const slots = [1, 2].filter((slot) => RESPONSIBLE_COLUMNS.some((column) => cell(`RESP${slot}_${column}`) !== ""));
  const input = {
    RA: cell("RA"),
    nome: cell("NOME"),
    dtnascimento: cell("DTNASCIMENTO"),
    cpf: cell("CPF"),
    email: cell("EMAIL"),
    telefone1: cell("TELEFONE"),
    cep: cell("CEP"),
    rua: cell("RUA"),
    numero: cell("NUMERO"),
    complemento: cell("COMPLEMENTO"),
    bairro: cell("BAIRRO"),
    cidade: cell("CIDADE"),
    estado: cell("ESTADO"),
    enrolment: {
      CODCOLIGADA: cell("CODCOLIGADA"),
      CODPERLET: cell("CODPERLET"),
      codgrade: cell("CODGRADE"),
      turma: cell("TURMA"),
      turno: cell("TURNO"),
    },
    responsibles: slots.map((slot) => ({
      nome: cell(`RESP${slot}_NOME`),
      cpf: cell(`RESP${slot}_CPF`),
      email: cell(`RESP${slot}_EMAIL`),
      telefone1: cell(`RESP${slot}_TELEFONE`),
      parentesco: cell(`RESP${slot}_PARENTESCO`),
    })),
  };
  return { input, slots };
}

/** The downloadable model: the header and one example row (invented, valid documents). */
export function rosterCsvTemplate(periodCode: string): string {
  const example: Record<(typeof ROSTER_CSV_COLUMNS)[number], string> = {
    RA: "20260001",
    NOME: "Maria Eduarda Lima Santos",
    DTNASCIMENTO: "14/03/2015",
    CPF: "",
    EMAIL: "",
    TELEFONE: "",
    CEP: "51021-010",
    RUA: "Rua dos Navegantes",
    NUMERO: "1450",
    COMPLEMENTO: "Apto 1202",
    BAIRRO: "Boa Viagem",
    CIDADE: "Recife",
    ESTADO: "PE",
    CODCOLIGADA: "1",
    CODPERLET: periodCode,
    CODGRADE: "EF06",
    TURMA: "B",
    TURNO: "Manhã",
    RESP1_NOME: "Mariana Lima Santos",
    RESP1_CPF: "529.982.247-25",
    RESP1_EMAIL: "mariana.santos@exemplo.com.br",
    RESP1_TELEFONE: "(81) 99876-5432",
    RESP1_PARENTESCO: "7",
    RESP2_NOME: "",
    RESP2_CPF: "",
    RESP2_EMAIL: "",
    RESP2_TELEFONE: "",
    RESP2_PARENTESCO: "",
  };
  return stringify([[...ROSTER_CSV_COLUMNS], ROSTER_CSV_COLUMNS.map((column) => example[column])], {
    delimiter: ";",
    bom: true,
    ...NEUTRALISE_FORMULAS,
  });
}
