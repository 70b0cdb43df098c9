/** The grades import's preview (each row's action, each row's errors) and the file's columns. */
import type { GradeImportReport } from "#api/contract/gestor/grades.ts";
import { CsvImportPreview } from "../csv-import.tsx";
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
    <section aria-labelledby="colunas-titulo" className="flex flex-col gap-2">
      <h2 id="colunas-titulo" className="text-lg font-bold text-slate-900">
        Formato do arquivo
      </h2>
      <p>
        Separado por ponto e vírgula (;), em UTF-8 (com ou sem BOM), com a primeira linha de cabeçalho e todas as
        colunas abaixo, como o sistema acadêmico exporta. O arquivo de &quot;Exportar CSV&quot; já está neste formato.
        Séries que não estão no arquivo ficam como estão; os produtos ligados às séries não mudam.
      </p>
      <GestorTable caption="Colunas do arquivo" headers={["Coluna", "O que contém"]}>
        {COLUMNS.map(([column, meaning]) => (
          <tr key={column}>
            <td className="font-mono">{column}</td>
            <td>{meaning}</td>
          </tr>
        ))}
      </GestorTable>
    </section>
  );
}
