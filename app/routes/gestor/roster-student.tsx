import { Link } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  gestorCard,
  GestorDetails,
  gestorSecondaryButton,
  GestorSection,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { enrolmentStatus, gradeLabel, relationshipLabel } from "#app/features/gestor/roster/roster-labels.ts";
import { rosterStudentPage } from "#app/features/gestor/roster/roster.server.ts";
import { useUnitLabel } from "#app/features/gestor/unit-options.ts";
import { formatAddress } from "#app/features/students/students.ts";
import { brazilDateTime, formatCalendarDate } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import type { Route } from "./+types/roster-student";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.student.nome ?? "Aluno"} | Alunos matriculados | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => rosterStudentPage(request, params.studentId);

export default function GestorRosterStudent({ loaderData }: Route.ComponentProps) {
  const { student, enrolments, responsibles, customers } = loaderData;
  const unitLabel = useUnitLabel();
  return (
    <>
      <GestorPageHeader title={student.nome}>
        <Link to={GESTOR_PATHS.roster} className={gestorSecondaryButton}>
          Voltar aos alunos
        </Link>
      </GestorPageHeader>
      <GestorSection id="aluno-dados" title="Dados">
        <GestorDetails
          columns="sm:grid-cols-2 lg:grid-cols-3"
          testId="aluno-dados"
          details={[
            ["RA", student.RA ?? "Sem RA"],
            ["Data de nascimento", student.dtnascimento ? formatCalendarDate(student.dtnascimento) : "Não informada"],
            ["CPF", student.cpf ?? "Não informado"],
            ["E-mail", student.email ?? "Não informado"],
            ["Telefone", student.telefone1 ? maskPhone(student.telefone1) : "Não informado"],
            ["Endereço", formatAddress(student.address) ?? "Não informado"],
            [
              "Atualizado pela escola em",
              student.rosterUpdatedAt ? brazilDateTime(student.rosterUpdatedAt).date : "Nunca importado",
            ],
          ]}
        />
      </GestorSection>
      <GestorSection id="aluno-matriculas" title="Matrículas por período">
        <GestorTable
          caption="Matrículas por período"
          headers={["Período", "Unidade", "Série", "Turma", "Turno", "Situação"]}
          empty={enrolments.length === 0 ? "Nenhuma matrícula." : null}
        >
          {enrolments.map((year) => (
            <tr key={year.CODPERLET}>
              <td>{year.CODPERLET}</td>
              <td>{unitLabel(year.CODCOLIGADA)}</td>
              <td>
                {gradeLabel(year)}
                {year.course ? <span className="block text-xs text-slate-600">{year.course}</span> : null}
              </td>
              <td>{year.turma ?? "—"}</td>
              <td>{year.turno ?? "—"}</td>
              <td>
                {enrolmentStatus(year.deletedAt === null)}
                {year.deletedAt ? (
                  <span className="block text-xs text-slate-600">desde {brazilDateTime(year.deletedAt).date}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </GestorTable>
      </GestorSection>
      <GestorSection id="aluno-responsaveis" title="Responsáveis">
        <GestorTable
          caption="Responsáveis"
          headers={["Nome", "Parentesco", "CPF", "E-mail", "Telefone", "Origem"]}
          empty={responsibles.length === 0 ? "Nenhum responsável." : null}
        >
          {responsibles.map((person, index) => (
            <tr key={index}>
              <td className="font-semibold">{person.nome}</td>
              <td>{relationshipLabel(person.parentesco)}</td>
              <td>{person.cpf}</td>
              <td>{person.email}</td>
              <td>{maskPhone(person.telefone1)}</td>
              <td>{person.source === "escola" ? "Escola (importação)" : "Cliente (cadastro na loja)"}</td>
            </tr>
          ))}
        </GestorTable>
      </GestorSection>
      <GestorSection id="aluno-clientes" title="Clientes vinculados">
        {customers.length === 0 ? (
          <p className={`${gestorCard} text-slate-600`}>Nenhum cliente vinculado.</p>
        ) : (
          <ul className={`${gestorCard} flex flex-col gap-1`}>
            {customers.map((customer) => (
              <li key={customer.id}>
                <Link to={GESTOR_PATHS.customer(customer.id)} className="font-semibold underline">
                  {customer.name}
                </Link>{" "}
                ({customer.email}), vinculado(a) em {brazilDateTime(customer.linkedAt).date}
              </li>
            ))}
          </ul>
        )}
      </GestorSection>
    </>
  );
}
