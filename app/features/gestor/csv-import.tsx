/**
 * A gestor CSV import's screens (Catálogo, Séries; docs/decisions/0032): the file's upload
 * ("Conferir arquivo", nothing written), and the preview: the counts, each row's errors as
 * sentences ("Linha 4, CODGRADE: …"), and, only without errors, the "Importar" form, which
 * sends the file's text back in a hidden field (multipart: as it is, not URL-encoded).
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { counted } from "#core/text.ts";
import { gestorButton, gestorCard, gestorLabel, GestorTable } from "./gestor-ui.tsx";

export interface CsvImportCounts {
  errors: { line: number; column: string; message: string }[];
  creates: number;
  updates: number;
  unchanged: number;
}

export function CsvUploadForm({ maxSize, busy }: { maxSize: string; busy: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
      <AuthenticityTokenInput name="csrf" />
      <div>
        <label htmlFor="arquivo-csv" className={gestorLabel}>
          Arquivo CSV (até {maxSize})
        </label>
        <input id="arquivo-csv" type="file" name="arquivo" accept=".csv,text/csv" required />
      </div>
      <button type="submit" name="intent" value="preview" className={gestorButton} disabled={busy}>
        Conferir arquivo
      </button>
      <p className="w-full text-slate-600">
        Nada é gravado ao conferir: a prévia mostra o que seria criado ou atualizado e os erros de cada linha.
      </p>
    </Form>
  );
}

export function CsvImportPreview({
  csv,
  fileName,
  report,
  busy,
  rows,
}: {
  csv: string;
  fileName: string;
  report: CsvImportCounts;
  busy: boolean;
  /** What each row would do: the caller's table. */
  rows: ReactNode;
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
        <Form method="post" encType="multipart/form-data" className={`${gestorCard} flex flex-wrap items-center gap-3`}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="csv" value={csv} />
          <p>Nenhum erro. A importação grava todas as linhas de uma vez.</p>
          <button type="submit" name="intent" value="import" className={gestorButton} disabled={busy}>
            Importar
          </button>
        </Form>
      )}
      {rows}
    </section>
  );
}

/**
 * The file's format: the shared rules, then `note`, then each column and what it holds; with
 * `required`, a column says whether a row must fill it.
 */
export function CsvColumnsGuide({
  columns,
  note,
  required,
  exported = true,
}: {
  columns: readonly (readonly [string, string])[];
  note?: string;
  required?: readonly string[];
  /** Whether the screen has an "Exportar CSV" whose file is already in this format. */
  exported?: boolean;
}) {
  return (
    <section aria-labelledby="colunas-titulo" className="flex flex-col gap-2">
      <h2 id="colunas-titulo" className="text-lg font-bold text-slate-900">
        Formato do arquivo
      </h2>
      <p>
        Separado por ponto e vírgula (;), em UTF-8 (com ou sem BOM), com a primeira linha de cabeçalho e todas as
        colunas abaixo.{exported ? ' O arquivo de "Exportar CSV" já está neste formato.' : ""}
        {note ? ` ${note}` : ""}
      </p>
      <GestorTable
        caption="Colunas do arquivo"
        headers={required ? ["Coluna", "Obrigatória", "O que contém"] : ["Coluna", "O que contém"]}
      >
        {columns.map(([column, meaning]) => (
          <tr key={column}>
            <td className="font-mono">{column}</td>
            {required ? <td>{required.includes(column) ? "Sim" : "Não"}</td> : null}
            <td>{meaning}</td>
          </tr>
        ))}
      </GestorTable>
    </section>
  );
}
