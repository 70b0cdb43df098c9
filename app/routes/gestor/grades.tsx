import { Link } from "react-router";
import {
  CopyPeriodForm,
  GradeForm,
  MoveButtons,
  type GradeFormReply,
} from "#app/features/gestor/grades/grade-forms.tsx";
import { gradesAction, gradesPage } from "#app/features/gestor/grades/grades.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { SchoolDataBanner } from "#app/features/gestor/school-data-banner.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { PeriodPicker } from "#app/features/gestor/period-picker.tsx";
import { gestorSecondaryButton, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import { nextPeriodCode } from "#api/contract/gestor/grades.ts";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/grades";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Séries ${loaderData?.CODPERLET ?? ""} | Gestor | Loja Escolar` },
];

export const loader = ({ request }: Route.LoaderArgs) => gradesPage(request);

export const action = ({ request }: Route.ActionArgs) => gradesAction(request);

export default function GestorGrades({ loaderData, actionData }: Route.ComponentProps) {
  const { CODPERLET: period, grades, periods, currentPeriod, periodError, readOnly } = loaderData;
  const reply = actionData as GradeFormReply | undefined;
  const next = nextPeriodCode(period);
  return (
    <>
      <GestorPageHeader title={`Séries do período ${period}`}>
        {readOnly ? null : (
          <Link to={GESTOR_PATHS.gradesImport} className={gestorSecondaryButton}>
            Importar CSV
          </Link>
        )}
        <Link to={GESTOR_PATHS.gradesExport(period)} reloadDocument className={gestorSecondaryButton}>
          Exportar CSV do período
        </Link>
        <Link to={GESTOR_PATHS.gradesExport()} reloadDocument className={gestorSecondaryButton}>
          Exportar todos os períodos
        </Link>
      </GestorPageHeader>
      {readOnly ? <SchoolDataBanner text={readOnly} /> : null}

      <PeriodPicker
        period={period}
        periodError={periodError}
        currentPeriod={currentPeriod}
        periods={periods.map((item) => ({
          CODPERLET: item.CODPERLET,
          holds: counted(item.gradeCount, "série", "séries"),
        }))}
        pathOf={(code) => GESTOR_PATHS.grades(code)}
        navLabel="Períodos com séries"
      />

      <GestorTable
        caption={`Séries do período ${period}, na ordem da loja`}
        headers={["Ordem", "Código", "Curso", "Série", "Produtos", "Ações"]}
        empty={
          grades.length === 0
            ? `O período ${period} não tem séries. Adicione abaixo, importe um CSV ou copie outro período.`
            : null
        }
      >
        {grades.map((grade, index) => (
          <tr key={grade.id}>
            <td>{index + 1}</td>
            <td className="font-mono">{grade.codgrade}</td>
            <td>{grade.CURSO}</td>
            <td>{grade.HABILITACAO}</td>
            <td>{grade.productCount}</td>
            <td>
              {readOnly ? null : (
                <div className="flex flex-wrap items-center gap-2">
                  <MoveButtons grade={grade} first={index === 0} last={index === grades.length - 1} />
                  <Link to={GESTOR_PATHS.grade(grade.id)} className="font-semibold text-slate-900 underline">
                    Editar
                    <span className="sr-only">
                      {" "}
                      {grade.HABILITACAO} ({grade.codgrade})
                    </span>
                  </Link>
                </div>
              )}
            </td>
          </tr>
        ))}
      </GestorTable>

      {readOnly ? null : (
        <section aria-labelledby="nova-serie-titulo" className="mt-6">
          <h2 id="nova-serie-titulo" className="mb-2 font-bold text-slate-900">
            Nova série em {period}
          </h2>
          {/* Keyed by the count: after a grade is added the form is empty again, with or without JavaScript. */}
          <GradeForm key={grades.length} period={period} reply={reply} />
        </section>
      )}

      {grades.length > 0 && !readOnly ? (
        <section aria-labelledby="copiar-titulo" className="mt-6">
          <h2 id="copiar-titulo" className="mb-2 font-bold text-slate-900">
            Copiar para o próximo período
          </h2>
          <CopyPeriodForm from={period} to={next} reply={reply} />
        </section>
      ) : null}
    </>
  );
}
