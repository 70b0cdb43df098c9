import { describe, expect, it } from "vitest";
import { readGestorCsv } from "./csv-file.ts";

const options = { columns: ["RA", "NOME"], maxRows: 2, rowNoun: { one: "aluno", many: "alunos" } };

describe("readGestorCsv", () => {
  it("matches a header written in another case only when asked, keyed as the columns spell it", () => {
    const csv = "\uFEFF ra ;Nome\n2026001;Ana Lima\n";
    expect(readGestorCsv(csv, { ...options, ignoreHeaderCase: true })).toEqual({
      rows: [{ line: 2, values: { RA: "2026001", NOME: "Ana Lima" } }],
      errors: [],
      rowCount: 1,
    });
    expect(readGestorCsv(csv, options).errors.map((error) => error.message)).toEqual([
      "Falta a coluna RA no cabeçalho.",
      "Falta a coluna NOME no cabeçalho.",
      'Coluna desconhecida: "ra".',
      'Coluna desconhecida: "Nome".',
    ]);
  });

  it("writes a limit of five digits with the thousands dot and counts the rows it refused", () => {
    const header = "RA;NOME";
    const tooMany = (maxRows: number) =>
      readGestorCsv([header, ...Array.from({ length: maxRows + 1 }, () => "1;Ana")].join("\n"), {
        ...options,
        maxRows,
      });
    expect(tooMany(5000).errors.map((error) => error.message)).toEqual(["O arquivo tem mais de 5000 alunos."]);
    const refused = tooMany(30_000);
    expect(refused.errors.map((error) => error.message)).toEqual(["O arquivo tem mais de 30.000 alunos."]);
    expect(refused).toMatchObject({ rows: [], rowCount: 30_001 });
  });
});
