/** The grades import's preview (each row's action, each row's errors) and the file's columns. */
import type { GradeImportReport } from "#api/contract/gestor/grades.ts";
import { CsvColumnsGuide, CsvImportPreview } from "../csv-import.tsx";
import { GestorTable } from "../gestor-ui.tsx";

export function GradeImportPreview({
  report,
  ...preview
}: {
  csv: string;
  fileName: string;
  report: GradeImportReport;
  busy: boolean;
}) {
  return (
    <CsvImportPreview
      {...preview}
      report={report}
      rows={
        report.rows.length > 0 ? (
          <GestorTable caption="O que cada linha faria" headers={["Linha", "Período", "Código", "Série", "Ação"]}>
            {report.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.CODPERLET}</td>
                <td>{row.codgrade}</td>
                <td>{row.HABILITACAO}</td>
                <td>{row.action}</td>
              </tr>
            ))}
          </GestorTable>
        ) : null
      }
    />
  );
}

const COLUMNS: readonly (readonly [string, string])[] = [
  ["CODPERLET", "Período letivo: o ano seguido de 00 (ex.: 202700)."],
  ["CODGRADE", "Código da série no sistema acadêmico (ex.: EF06). Período e código que já existem atualizam a série."],
  ["CURSO", "Curso ou nível (ex.: Ensino Fundamental II)."],
  ["HABILITACAO", "Nome da série, como a loja mostra (ex.: 6º Ano)."],
  [
    "ORDEM",
    "Posição na lista do período (1 a 999); em branco, a série nova vai para o fim e a existente fica onde está.",
  ],
];

export function GradeImportColumns() {
  return (
    <CsvColumnsGuide
      columns={COLUMNS}
      note="Séries que não estão no arquivo ficam como estão; os produtos ligados às séries não mudam."
    />
  );
}
