/**
 * The roster import's preview (the counts, each row's errors in Portuguese, the first changes
 * of each kind) with its "Importar" form, and the file's columns (decision 0059).
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { rosterCountsText, type RosterReport } from "#api/contract/gestor/roster.ts";
import { counted } from "#core/text.ts";
import { CsvColumnsGuide } from "../csv-import.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorButton, gestorCard } from "../gestor-ui.tsx";

type Change = RosterReport["changes"]["creates"][number];

function ChangeList({ title, total, items }: { title: string; total: number; items: readonly ReactNode[] }) {
  if (total === 0) return null;
  const rest = total - items.length;
  return (
    <details className={gestorCard}>
      <summary className="cursor-pointer font-semibold">
        {title} ({total})
      </summary>
      <ul aria-label={title} className="mt-2 list-disc pl-6">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-slate-600">e mais {rest}.</p> : null}
    </details>
  );
}

const changeItem = (change: Change) => `Linha ${change.line}: ${change.nome} (RA ${change.RA})`;

export function RosterImportPreview({ report, busy }: { report: RosterReport; busy: boolean }) {
  const { counts, changes } = report;
  const moreErrors = report.errorCount - report.errors.length;
  return (
    <section aria-labelledby="previa-titulo" className="mb-6 flex flex-col gap-3">
      <h2 id="previa-titulo" className="text-lg font-bold text-slate-900">
        Prévia de {report.fileName}
      </h2>
      <p data-testid="previa-resumo">
        {counted(report.rowCount, "linha", "linhas")}: {rosterCountsText(counts)}.
      </p>
      {report.errorCount > 0 ? (
        <>
          <p role="alert" className="rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
            {counted(report.errorCount, "erro", "erros")} no arquivo. Nada foi gravado: corrija o arquivo e envie de
            novo.
          </p>
          <ul aria-label="Erros por linha" className={`${gestorCard} list-disc pl-8 text-red-800`}>
            {report.errors.map((error) => (
              <li key={`${error.line}-${error.column}-${error.message}`}>{error.text}</li>
            ))}
          </ul>
          {moreErrors > 0 ? <p className="text-red-800">e mais {counted(moreErrors, "erro", "erros")}.</p> : null}
        </>
      ) : null}
      {report.upload ? (
        <Form method="post" className={`${gestorCard} flex flex-wrap items-center gap-3`}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="uploadId" value={report.upload.id} />
          <input type="hidden" name="sha256" value={report.upload.sha256} />
          <p>Nenhum erro. A importação grava todas as linhas de uma vez, ou nenhuma.</p>
          <button type="submit" name="intent" value="import" className={gestorButton} disabled={busy}>
            Importar
          </button>
        </Form>
      ) : null}
      <ChangeList title="Alunos novos" total={counts.created} items={changes.creates.map(changeItem)} />
      <ChangeList title="Alunos atualizados" total={counts.updated} items={changes.updates.map(changeItem)} />
      <ChangeList title="Matriculados de novo" total={counts.reenrolled} items={changes.reenrols.map(changeItem)} />
      <ChangeList
        title="Marcados como não matriculados"
        total={counts.notEnrolled}
        items={changes.notEnrolled.map(
          (missing) => `RA ${missing.RA}: período ${missing.CODPERLET}, unidade ${missing.CODCOLIGADA}`,
        )}
      />
    </section>
  );
}

/** Decision 0059's rule for students missing from the file, as the page states it. */
export function RosterImportRule() {
  return (
    <div className={`${gestorCard} mb-4 flex flex-col gap-2`} data-testid="regra-importacao">
      <p>
        Cada linha é um aluno num período letivo (CODPERLET) e numa unidade (CODCOLIGADA). O RA identifica o aluno: o
        mesmo arquivo duas vezes não muda nada, e uma linha alterada atualiza o aluno.
      </p>
      <p>
        Um aluno que não está no arquivo é marcado como não matriculado naquele período apenas nos pares de período e
        unidade que aparecem no arquivo: o arquivo de uma unidade não mexe nos alunos de outra. Nenhum aluno é apagado;
        os vínculos com as contas dos responsáveis, os carrinhos e os pedidos continuam.
      </p>
      <p>
        <a href={GESTOR_PATHS.rosterTemplate} className="font-semibold underline" download>
          Baixar o modelo do arquivo (CSV)
        </a>{" "}
        · <Link to={GESTOR_PATHS.roster}>Voltar à lista de alunos</Link>
      </p>
    </div>
  );
}

const responsible = (slot: 1 | 2): [string, string][] => [
  [`RESP${slot}_NOME`, `Nome do responsável ${slot}. Um responsável com qualquer coluna preenchida precisa de todas.`],
  [`RESP${slot}_CPF`, `CPF do responsável ${slot}, com ou sem pontos e traço.`],
  [`RESP${slot}_EMAIL`, `E-mail do responsável ${slot}.`],
  [`RESP${slot}_TELEFONE`, `Telefone do responsável ${slot} com DDD (celular ou fixo).`],
  [`RESP${slot}_PARENTESCO`, "Parentesco: 7 mãe, 9 responsável legal, outro número pai (1 a 99)."],
];

const COLUMNS: readonly (readonly [string, string])[] = [
  ["RA", "Registro acadêmico do aluno (letras, números, ponto ou traço; até 20)."],
  ["NOME", "Nome completo do aluno (até 100 caracteres)."],
  ["DTNASCIMENTO", "Data de nascimento: dd/mm/aaaa ou aaaa-mm-dd."],
  ["CPF", "CPF do aluno, com ou sem pontos e traço."],
  ["EMAIL", "E-mail do aluno."],
  ["TELEFONE", "Telefone do aluno com DDD."],
  ["CEP", "CEP do endereço."],
  ["RUA", "Rua do endereço."],
  ["NUMERO", "Número (pode ser S/N)."],
  ["COMPLEMENTO", "Complemento do endereço."],
  ["BAIRRO", "Bairro."],
  ["CIDADE", "Cidade."],
  ["ESTADO", "UF, com duas letras (ex.: PE)."],
  ["CODCOLIGADA", "Código da unidade, como em Unidades (ex.: 1)."],
  ["CODPERLET", "Período letivo: o ano seguido de 00 (ex.: 202600)."],
  ["CODGRADE", "Código da série no período, como em Séries (ex.: EF06)."],
  ["TURMA", "Turma (até 10 caracteres, ex.: B)."],
  ["TURNO", "Manhã, Tarde, Integral ou Noite (com ou sem acento)."],
  ...responsible(1),
  ...responsible(2),
];

const REQUIRED = ["RA", "NOME", "DTNASCIMENTO", "CODCOLIGADA", "CODPERLET", "CODGRADE"];

export function RosterImportColumns() {
  return (
    <CsvColumnsGuide
      columns={COLUMNS}
      required={REQUIRED}
      exported={false}
      note="As colunas podem vir em qualquer ordem; o modelo para baixar já tem todas, com uma linha de exemplo."
    />
  );
}
