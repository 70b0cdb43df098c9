import { Form, Link } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { SchoolDataBanner } from "#app/features/gestor/school-data-banner.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  gestorButton,
  GestorFilterInput,
  GestorFilterSelect,
  gestorLabel,
  GestorPagination,
  gestorSecondaryButton,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { enrolmentStatus, gradeLabel } from "#app/features/gestor/roster/roster-labels.ts";
import { rosterListPath } from "#app/features/gestor/roster/roster-filters.ts";
import { rosterListPage } from "#app/features/gestor/roster/roster.server.ts";
import { useUnitLabel } from "#app/features/gestor/unit-options.ts";
import type { Route } from "./+types/roster";

export const meta = () => [{ title: "Alunos matriculados | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => rosterListPage(request);

export default function GestorRoster({ loaderData }: Route.ComponentProps) {
  const { readOnly, filters, filterError, list, period, periodChoices, gradeChoices, unitChoices } = loaderData;
  const unitLabel = useUnitLabel();
  return (
    <>
      <GestorPageHeader title="Alunos matriculados">
        {readOnly ? null : (
          <>
            <Link to={GESTOR_PATHS.rosterImport} className={gestorButton}>
              Importar CSV
            </Link>
            <a href={GESTOR_PATHS.rosterTemplate} className={gestorSecondaryButton} download>
              Baixar modelo do arquivo
            </a>
          </>
        )}
      </GestorPageHeader>
      {readOnly ? <SchoolDataBanner text={readOnly} /> : null}
      <Form
        method="get"
        aria-label="Filtros dos alunos"
        className="mb-4 grid gap-3 rounded border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <GestorFilterInput idPrefix="alunos" name="q" label="Nome ou RA" value={filters.q} maxLength={100} />
        <GestorFilterSelect
          idPrefix="alunos"
          name="periodo"
          label="Período letivo"
          value={filters.periodo || period}
          options={periodChoices.map((code) => [code, code] as const)}
        />
        <GestorFilterSelect
          idPrefix="alunos"
          name="unidade"
          label="Unidade"
          value={filters.unidade}
          options={[["", "Todas"], ...unitChoices.map((unit) => [unit.value, unit.label] as const)]}
        />
        <GestorFilterSelect
          idPrefix="alunos"
          name="serie"
          label="Série"
          value={filters.serie}
          options={[["", "Todas"], ...gradeChoices.map((grade) => [grade.value, grade.label] as const)]}
        />
        <div className="flex items-end gap-2">
          <input
            id="alunos-naoMatriculados"
            type="checkbox"
            name="naoMatriculados"
            value="1"
            defaultChecked={filters.naoMatriculados === "1"}
            className="mb-2"
          />
          <label htmlFor="alunos-naoMatriculados" className={`${gestorLabel} mb-1.5`}>
            Só não matriculados
          </label>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={gestorButton}>
            Filtrar
          </button>
          <Link to={GESTOR_PATHS.roster} className={gestorSecondaryButton}>
            Limpar filtros
          </Link>
        </div>
      </Form>
      {filterError ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {filterError}
        </p>
      ) : null}
      {list ? (
        <>
          <GestorTable
            caption={`Alunos do período ${list.CODPERLET}`}
            headers={["RA", "Nome", "Unidade", "Série", "Turma", "Turno", `Situação em ${list.CODPERLET}`]}
            empty={list.total === 0 ? `Nenhum aluno no período ${list.CODPERLET} com estes filtros.` : null}
          >
            {list.rows.map((row) => (
              <tr key={row.id}>
                <td className="font-mono">{row.RA ?? "Sem RA"}</td>
                <td>
                  <Link to={GESTOR_PATHS.rosterStudent(row.id)} className="font-semibold underline">
                    {row.nome}
                  </Link>
                </td>
                <td>{unitLabel(row.CODCOLIGADA)}</td>
                <td>{gradeLabel(row)}</td>
                <td>{row.turma ?? "—"}</td>
                <td>{row.turno ?? "—"}</td>
                <td>{enrolmentStatus(row.enrolled)}</td>
              </tr>
            ))}
          </GestorTable>
          <GestorPagination
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            hrefOf={(page) => rosterListPath(filters, page)}
          />
        </>
      ) : (
        <p className="text-slate-700">Corrija os filtros para ver os alunos.</p>
      )}
    </>
  );
}
