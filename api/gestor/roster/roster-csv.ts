/**
 * The roster's CSV (issue 27), in the columns a school's ERP exports: semicolon-separated,
 * UTF-8 with or without a BOM, a header row naming ROSTER_CSV_COLUMNS (any order), dates as
 * dd/mm/aaaa or aaaa-mm-dd, CPFs with or without the mask. Reading checks each row on its own
 * (api/contract/gestor/roster-row.ts); what needs the database (the unit, the grade, the current
 * students) is the diff's (roster-diff.ts).
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { cellFromSpreadsheet, NEUTRALISE_FORMULAS } from "../spreadsheet-cells.ts";
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

const fileError = (message: string): RosterError => ({ line: 1, column: "", message });

/** The file's rows, checked one by one; header problems stop the reading at line 1. */
export function readRosterCsv(csv: string): RosterCsvRead {
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
    return {
      rows: [],
      errors: [{ line, column: "", message: "O arquivo não é um CSV legível (aspas sem fechar?)." }],
      rowCount: 0,
      ras: [],
    };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], errors: [fileError("O arquivo está vazio.")], rowCount: 0, ras: [] };
  const names = header.record.map((name) => name.trim().toUpperCase());
  const known: readonly string[] = ROSTER_CSV_COLUMNS;
  const errors: RosterError[] = [
    ...ROSTER_CSV_COLUMNS.filter((column) => !names.includes(column)).map((column) => ({
      line: 1,
      column,
      message: `Falta a coluna ${column} no cabeçalho.`,
    })),
    ...names
      .filter((name) => !known.includes(name))
      .map((name) => ({ line: 1, column: "", message: `Coluna desconhecida: "${name}".` })),
  ];
  if (data.length > ROSTER_MAX_ROWS)
    errors.push(fileError(`O arquivo tem mais de ${ROSTER_MAX_ROWS.toLocaleString("pt-BR")} alunos.`));
  if (data.length === 0) errors.push(fileError("O arquivo não tem nenhum aluno."));
  if (errors.length > 0) return { rows: [], errors, rowCount: data.length, ras: [] };

  const index = new Map(names.map((name, position) => [name, position]));
  const rows: RosterCsvRow[] = [];
  const lineOfRa = new Map<string, number>();
  const ras: string[] = [];
  for (const { record, info } of data) {
    const cell = (column: string) => cellFromSpreadsheet(record[index.get(column)!] ?? "").trim();
    const line = info.lines;
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
  return { rows, errors, rowCount: data.length, ras };
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
