import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { listsAction, listsPage } from "#app/features/gestor/material-lists/material-lists.server.ts";
import { listStateText } from "#app/features/gestor/material-lists/list-text.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { PeriodPicker } from "#app/features/gestor/period-picker.tsx";
import { gestorButton, gestorSecondaryButton, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/material-lists";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Listas de material ${loaderData?.CODPERLET ?? ""} | Gestor | Loja Escolar` },
];

export const loader = ({ request }: Route.LoaderArgs) => listsPage(request);

export const action = ({ request }: Route.ActionArgs) => listsAction(request);

/** "Criar lista" or "Copiar de 202500" for a grade without a list: one POST each. */
function GradeListForm({
  period,
  codgrade,
  intent,
  label,
  gradeName,
  primary,
}: {
  period: string;
  codgrade: string;
  intent: "create" | "copy";
  label: string;
  /** Said to screen readers: the row's grade. */
  gradeName: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="CODPERLET" value={period} />
      <input type="hidden" name="codgrade" value={codgrade} />
      <button type="submit" name="intent" value={intent} className={primary ? gestorButton : gestorSecondaryButton}>
        {label}
        <span className="sr-only">
          {" "}
          para {gradeName} ({codgrade})
        </span>
      </button>
    </Form>
  );
}

export default function GestorMaterialLists({ loaderData }: Route.ComponentProps) {
  const { CODPERLET: period, previousPeriod, grades, periods, currentPeriod, periodError } = loaderData;
  const warned = grades.filter((grade) => (grade.list?.collectiveUseCount ?? 0) > 0);
  return (
    <>
      <GestorPageHeader title={`Listas de material do período ${period}`}>
        <Link to={GESTOR_PATHS.materialListsImport} className={gestorSecondaryButton}>
          Importar CSV
        </Link>
        <Link to={GESTOR_PATHS.materialListsExport(period)} reloadDocument className={gestorSecondaryButton}>
          Exportar CSV do período
        </Link>
        <Link
          to={`${GESTOR_PATHS.materialListsCopy}?de=${previousPeriod}&para=${period}`}
          className={gestorSecondaryButton}
        >
          Copiar listas de {previousPeriod}
        </Link>
      </GestorPageHeader>

      <PeriodPicker
        period={period}
        periodError={periodError}
        currentPeriod={currentPeriod}
        periods={periods.map((item) => ({
          CODPERLET: item.CODPERLET,
          holds: counted(item.listCount, "lista", "listas"),
        }))}
        pathOf={(code) => GESTOR_PATHS.materialLists(code)}
        navLabel="Períodos com séries ou listas"
      />

      {warned.length > 0 ? (
        <p role="note" className="mb-4 rounded bg-amber-100 px-3 py-2 font-semibold text-amber-950">
          {counted(warned.length, "lista tem", "listas têm")} itens de uso coletivo (
          {warned.map((grade) => grade.codgrade).join(", ")}): a escola não pode exigi-los dos responsáveis (Lei nº
          12.886/2013).
        </p>
      ) : null}

      <GestorTable
        caption={`Listas de material do período ${period}, por série`}
        headers={["Série", "Situação", "Itens", "Desconto", "Ações"]}
        empty={
          grades.length === 0
            ? `O período ${period} não tem séries. Cadastre as séries em Séries antes de montar as listas.`
            : null
        }
      >
        {grades.map((grade) => (
          <tr key={grade.codgrade}>
            <td>
              {grade.HABILITACAO} <span className="font-mono text-sm text-slate-600">({grade.codgrade})</span>
            </td>
            <td>
              {grade.list ? listStateText(grade.list) : "Sem lista"}
              {grade.list && grade.list.collectiveUseCount > 0 ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 text-sm text-amber-950">
                  {counted(grade.list.collectiveUseCount, "item de uso coletivo", "itens de uso coletivo")}
                </span>
              ) : null}
            </td>
            <td>{grade.list ? grade.list.lineCount : "—"}</td>
            <td>{grade.list?.discountPercentage ? `${grade.list.discountPercentage}%` : "—"}</td>
            <td>
              {grade.list ? (
                <Link to={GESTOR_PATHS.materialList(grade.list.id)} className="font-semibold text-slate-900 underline">
                  Abrir lista
                  <span className="sr-only">
                    {" "}
                    de {grade.HABILITACAO} ({grade.codgrade})
                  </span>
                </Link>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {grade.previousLineCount !== null ? (
                    <GradeListForm
                      period={period}
                      codgrade={grade.codgrade}
                      intent="copy"
                      primary
                      gradeName={grade.HABILITACAO}
                      label={`Copiar de ${previousPeriod} (${counted(grade.previousLineCount, "item", "itens")})`}
                    />
                  ) : null}
                  <GradeListForm
                    period={period}
                    codgrade={grade.codgrade}
                    intent="create"
                    gradeName={grade.HABILITACAO}
                    label="Criar lista vazia"
                  />
                </div>
              )}
            </td>
          </tr>
        ))}
      </GestorTable>
      <p className="mt-3 text-sm text-slate-600">
        Uma lista copiada ou criada começa como rascunho: os responsáveis só a veem a partir da data de publicação. O
        CSV (importar e exportar) leva só os itens das listas: a data de publicação e o desconto ficam na página de cada
        lista.
      </p>
    </>
  );
}
