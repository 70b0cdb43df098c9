/** The grades import's preview (each row's action, each row's errors) and the file's columns. */
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GradeImportReport } from "#api/contract/gestor/grades.ts";
import { counted } from "#core/text.ts";
import { gestorButton, gestorCard, GestorTable } from "../gestor-ui.tsx";

export function GradeImportPreview({
  csv,
  fileName,
  report,
  busy,
}: {
  csv: string;
  fileName: string;
  report: GradeImportReport;
  busy: boolean;
}) {
  const failed = report.errors.length > 0;
  return (
    <section aria-labelledby="previa-titulo" className="mb-6 flex flex-col gap-3">
      <h2 id="previa-titulo" className="text-lg font-bold text-slate-900">
        Prévia de {fileName || "arquivo"}
      </h2>
      <p data-testid="previa-resumo">
        {report.creates} a criar, {report.updates} a atualizar, {report.unchanged} sem mudança.
      </p>
      {failed ? (
        <>
          <p role="alert" className="rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
            {counted(report.errors.length, "erro", "erros")} no arquivo. Nada foi gravado: corrija o arquivo e envie de
            novo.
          </p>
          <ul aria-label="Erros por linha" className={`${gestorCard} list-disc pl-8 text-red-800`}>
            {report.errors.map((error) => (
              <li key={`${error.line}-${error.column}-${error.message}`}>
                Linha {error.line}
                {error.column ? `, ${error.column}` : ""}: {error.message}
              </li>
            ))}
          </ul>
        </>
      ) : (
        // Multipart: the file's text travels as it is, not URL-encoded three times its size.
        <Form method="post" encType="multipart/form-data" className={`${gestorCard} flex flex-wrap items-center gap-3`}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="csv" value={csv} />
          <p>Nenhum erro. A importação grava todas as linhas de uma vez.</p>
          <button type="submit" name="intent" value="import" className={gestorButton} disabled={busy}>
            Importar
          </button>
        </Form>
      )}
      {report.rows.length > 0 ? (
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
      ) : null}
    </section>
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
