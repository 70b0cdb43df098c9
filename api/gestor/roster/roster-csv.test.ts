import { describe, expect, it } from "vitest";
import { rosterCsv, rosterRecords, type RosterCsvRecord } from "#tests/fixtures/roster-csv.ts";
import { readRosterCsv, ROSTER_CSV_COLUMNS, ROSTER_MAX_ROWS, rosterCsvTemplate } from "./roster-csv.ts";
import { rosterErrorText, rosterRowHash } from "./roster-row.ts";

const [record] = rosterRecords({ rows: 1, seed: 5 }) as [RosterCsvRecord];
const fileOf = (...records: Partial<RosterCsvRecord>[]) =>
  rosterCsv(records.map((changes) => ({ ...record, ...changes }) as RosterCsvRecord));
const messages = (csv: string) => readRosterCsv(csv).errors.map(rosterErrorText);

describe("readRosterCsv", () => {
  it("reads a row into the student, the enrolment and two responsibles", () => {
    const { rows, errors } = readRosterCsv(
      fileOf({
        RA: "2026123",
        DTNASCIMENTO: "14/03/2015",
        CPF: "529.982.247-25",
        EMAIL: " Lucas.Souza@Exemplo.com.br ",
        CODCOLIGADA: "01",
        TURNO: "MANHA",
        RESP1_CPF: "52998224725",
        RESP1_TELEFONE: "(81) 3034-1101",
      }),
    );
    expect(errors).toEqual([]);
    const [{ line, row }] = rows as [(typeof rows)[number]];
    expect(line).toBe(2);
    expect(row).toMatchObject({
      RA: "2026123",
      dtnascimento: "2015-03-14",
      cpf: "52998224725",
      email: "lucas.souza@exemplo.com.br",
      enrolment: { CODCOLIGADA: "1", CODPERLET: "202600", codgrade: record.CODGRADE, turno: "Manhã" },
    });
    expect(row.responsibles.map((r) => [r.cpf, r.telefone1, r.parentesco])).toEqual([
      ["52998224725", "8130341101", 7],
      [record.RESP2_CPF, expect.stringMatching(/^81\d{9}$/), 1],
    ]);
  });

  it("accepts ISO dates, no BOM, and a header in another order", () => {
    const columns = [...ROSTER_CSV_COLUMNS].reverse();
    const csv = [
      columns.join(";"),
      columns.map((c) => (c === "DTNASCIMENTO" ? "2015-03-14" : record[c])).join(";"),
    ].join("\n");
    const { rows, errors } = readRosterCsv(csv);
    expect(errors).toEqual([]);
    expect(rows[0]?.row.dtnascimento).toBe("2015-03-14");
  });

  it("names the missing and the unknown columns of the header", () => {
    const header: string[] = ROSTER_CSV_COLUMNS.filter((c) => c !== "CODGRADE" && c !== "TURNO");
    header.push("SERIE");
    expect(messages(`${header.join(";")}\n`)).toEqual([
      "Linha 1, série: Falta a coluna CODGRADE no cabeçalho.",
      "Linha 1, turno: Falta a coluna TURNO no cabeçalho.",
      'Linha 1: Coluna desconhecida: "SERIE".',
      "Linha 1: O arquivo não tem nenhum aluno.",
    ]);
  });

  it("says, in Portuguese, which column of which line is wrong", () => {
    expect(
      messages(
        fileOf(
          { RA: "1" },
          { RA: "2", DTNASCIMENTO: "31/02/2015", RESP1_CPF: "123.456.789-00", TURNO: "Madrugada" },
          { RA: "3", CODPERLET: "2026", RESP2_PARENTESCO: "", RESP2_EMAIL: "pai.exemplo.com.br" },
          { RA: "1" },
        ),
      ),
    ).toEqual([
      "Linha 3, data de nascimento: Informe uma data de nascimento válida.",
      "Linha 3, turno: Use Manhã, Tarde, Integral ou Noite.",
      "Linha 3, CPF do responsável 1: CPF inválido.",
      "Linha 4, período letivo: Informe o período letivo como ano seguido de 00, por exemplo 202600.",
      "Linha 4, e-mail do responsável 2: Informe um e-mail válido em letras minúsculas.",
      "Linha 4, parentesco do responsável 2: Selecione o parentesco.",
      "Linha 5, RA: O RA já aparece na linha 2 do arquivo.",
    ]);
  });

  it("takes a responsible with one cell filled as a responsible missing the others", () => {
    const blank = { RESP1_CPF: "", RESP1_EMAIL: "", RESP1_TELEFONE: "", RESP1_PARENTESCO: "" };
    const only = { RESP2_NOME: "", RESP2_CPF: "", RESP2_EMAIL: "", RESP2_TELEFONE: "", RESP2_PARENTESCO: "" };
    expect(messages(fileOf({ ...blank, ...only }))).toEqual([
      "Linha 2, CPF do responsável 1: Informe o CPF.",
      "Linha 2, e-mail do responsável 1: Informe o e-mail.",
      "Linha 2, telefone do responsável 1: Informe o telefone.",
      "Linha 2, parentesco do responsável 1: Selecione o parentesco.",
    ]);
    const onlySecond = readRosterCsv(
      fileOf({
        RESP1_NOME: "",
        RESP1_CPF: "",
        RESP1_EMAIL: "",
        RESP1_TELEFONE: "",
        RESP1_PARENTESCO: "",
        RESP2_CPF: "1",
      }),
    );
    expect(onlySecond.errors.map(rosterErrorText)).toEqual(["Linha 2, CPF do responsável 2: CPF inválido."]);
  });

  it("refuses a file past the row limit without checking its rows", () => {
    const line = ROSTER_CSV_COLUMNS.map((c) => record[c]).join(";");
    const csv = [ROSTER_CSV_COLUMNS.join(";"), ...Array.from({ length: ROSTER_MAX_ROWS + 1 }, () => line)].join("\n");
    expect(messages(csv)).toEqual(["Linha 1: O arquivo tem mais de 30.000 alunos."]);
  });

  it("offers a model whose example row reads without errors", () => {
    const template = rosterCsvTemplate("202600");
    expect(template.split("\n")[0]).toBe(`\uFEFF${ROSTER_CSV_COLUMNS.join(";")}`);
    const { rows, errors } = readRosterCsv(template);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
  });
});

describe("rosterRowHash", () => {
  it("is the same for the same data however it is written, and differs when a value changes", () => {
    const hashOf = (changes: Partial<RosterCsvRecord>) => rosterRowHash(readRosterCsv(fileOf(changes)).rows[0]!.row);
    const written = hashOf({ CPF: "529.982.247-25", DTNASCIMENTO: "14/03/2015", TURNO: "manha", NOME: " Ana  Lima " });
    expect(hashOf({ CPF: "52998224725", DTNASCIMENTO: "2015-03-14", TURNO: "Manhã", NOME: "Ana Lima" })).toBe(written);
    expect(hashOf({ CPF: "52998224725", DTNASCIMENTO: "2015-03-14", TURNO: "Tarde", NOME: "Ana Lima" })).not.toBe(
      written,
    );
  });
});
