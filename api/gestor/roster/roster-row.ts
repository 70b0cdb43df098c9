/**
 * The roster row's fingerprint and its errors as the CSV names them (issue 27). The row's schema
 * is the contract's (api/contract/gestor/roster-row.ts), shared with the ERP's sync call.
 */
import { createHash } from "node:crypto";
import { rosterStudentFields, type RosterStudent } from "../../contract/gestor/roster-row.ts";

/**
 * The row's fingerprint: SHA-256 of its checked values in a fixed order (trimmed, CPF digits,
 * ISO date, the shift as stored). Kept in students.roster_hash: the same row again is "no change".
 */
export function rosterRowHash(row: RosterStudent): string {
  const canonical = [
    row.RA,
    row.nome,
    row.dtnascimento,
    row.cpf,
    row.email,
    row.telefone1,
    row.cep,
    row.rua,
    row.numero,
    row.complemento,
    row.bairro,
    row.cidade,
    row.estado,
    [
      row.enrolment.CODPERLET,
      row.enrolment.CODCOLIGADA,
      row.enrolment.codgrade,
      row.enrolment.turma,
      row.enrolment.turno,
    ],
    row.responsibles.map((r) => [r.nome, r.cpf, r.email, r.telefone1, r.parentesco]),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** A problem with one row (or the file, line 1), named by the file's column. */
export interface RosterError {
  line: number;
  /** The CSV column, "" for the whole row or file. */
  column: string;
  message: string;
}

const COLUMN_LABELS: Record<string, string> = {
  RA: "RA",
  NOME: "nome",
  DTNASCIMENTO: "data de nascimento",
  CPF: "CPF",
  EMAIL: "e-mail",
  TELEFONE: "telefone",
  CEP: "CEP",
  RUA: "rua",
  NUMERO: "número",
  COMPLEMENTO: "complemento",
  BAIRRO: "bairro",
  CIDADE: "cidade",
  ESTADO: "estado",
  CODCOLIGADA: "unidade",
  CODPERLET: "período letivo",
  CODGRADE: "série",
  TURMA: "turma",
  TURNO: "turno",
};
const RESPONSIBLE_LABELS: Record<string, string> = {
  NOME: "nome",
  CPF: "CPF",
  EMAIL: "e-mail",
  TELEFONE: "telefone",
  PARENTESCO: "parentesco",
};

/** The column as a secretary reads it: "CPF do responsável 1", "data de nascimento". */
function columnLabel(column: string): string {
  const responsible = /^RESP([12])_(\w+)$/.exec(column);
  if (responsible) return `${RESPONSIBLE_LABELS[responsible[2]!] ?? responsible[2]} do responsável ${responsible[1]}`;
  return COLUMN_LABELS[column] ?? column;
}

/** "Linha 12, CPF do responsável 1: CPF inválido." */
export function rosterErrorText(error: RosterError): string {
  const message = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return error.column === ""
    ? `Linha ${error.line}: ${message}`
    : `Linha ${error.line}, ${columnLabel(error.column)}: ${message}`;
}

const STUDENT_COLUMNS: Record<string, string> = {
  RA: "RA",
  nome: "NOME",
  dtnascimento: "DTNASCIMENTO",
  cpf: "CPF",
  email: "EMAIL",
  telefone1: "TELEFONE",
  cep: "CEP",
  rua: "RUA",
  numero: "NUMERO",
  complemento: "COMPLEMENTO",
  bairro: "BAIRRO",
  cidade: "CIDADE",
  estado: "ESTADO",
};
const ENROLMENT_COLUMNS: Record<string, string> = {
  CODCOLIGADA: "CODCOLIGADA",
  CODPERLET: "CODPERLET",
  codgrade: "CODGRADE",
  turma: "TURMA",
  turno: "TURNO",
};
const RESPONSIBLE_COLUMNS: Record<string, string> = {
  nome: "NOME",
  cpf: "CPF",
  email: "EMAIL",
  telefone1: "TELEFONE",
  parentesco: "PARENTESCO",
};

/**
 * The CSV column of a schema path. `slots` names the file's responsible slot of each entry of
 * `responsibles` (a row may fill RESP2 and leave RESP1 empty).
 */
function columnOfPath(path: readonly PropertyKey[], slots: readonly number[] = [1, 2]): string {
  const [head, second, third] = path.map(String);
  if (head === "enrolment") return ENROLMENT_COLUMNS[second ?? ""] ?? "";
  if (head === "responsibles") {
    const slot = slots[Number(second)] ?? Number(second) + 1;
    return third && RESPONSIBLE_COLUMNS[third] ? `RESP${slot}_${RESPONSIBLE_COLUMNS[third]}` : "";
  }
  return STUDENT_COLUMNS[head ?? ""] ?? "";
}

/** Checks one row: its values, or its errors (one per column, the first rule each breaks). */
export function checkRosterRow(
  input: unknown,
  line: number,
  slots?: readonly number[],
): { row: RosterStudent; errors?: undefined } | { row?: undefined; errors: RosterError[] } {
  const result = rosterStudentFields.safeParse(input);
  if (result.success) return { row: result.data };
  const errors: RosterError[] = [];
  for (const issue of result.error.issues) {
    const column = columnOfPath(issue.path, slots);
    if (errors.some((error) => error.column === column)) continue;
    errors.push({ line, column, message: issue.message });
  }
  return { errors };
}
