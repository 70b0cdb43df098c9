import type { Responsible, StudentLink } from "#api/contract/students.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import {
  formatAddress,
  formatBirthPlace,
  formatStoredCpf,
  formatStoredPhone,
  responsibleHeading,
  schoolPeriod,
  studentGradeLine,
  studentUnitCode,
} from "#app/features/students/students.ts";
import { Modal } from "#app/ui/modal.tsx";

const NOT_INFORMED = "Não informado";

function Details({ rows }: { rows: [label: string, value: string | null][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-500">{label}</dt>
          <dd className={value ? "text-slate-900" : "text-slate-500"}>{value || NOT_INFORMED}</dd>
        </div>
      ))}
    </dl>
  );
}

function ResponsibleDetails({ responsible }: { responsible: Responsible }) {
  const headingId = `responsavel-${responsible.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-slate-50 p-4">
      <h3 id={headingId} className="mb-3 font-bold text-slate-900">
        {responsibleHeading(responsible.parentesco)}
      </h3>
      <Details
        rows={[
          ["Nome", responsible.nome],
          ["CPF", formatStoredCpf(responsible.cpf)],
          ["E-mail", responsible.email],
          ["Telefone", formatStoredPhone(responsible.telefone1)],
          ["Endereço", formatAddress(responsible)],
        ]}
      />
    </section>
  );
}

/**
 * The student data modal (spec §2): the student's data and each responsible person,
 * headed by relationship (9 guardian, 7 mother, anything else father). URL state.
 */
export function StudentDataModal({ link, closeHref }: { link: StudentLink; closeHref: string }) {
  const unitName = useUnitName();
  const { student } = link;
  return (
    <Modal titleId="student-data-title" closeHref={closeHref} className="max-w-xl">
      <div className="flex flex-col gap-5 p-6 pt-10" data-testid="student-data">
        <div>
          <p className="text-sm font-semibold text-brand-700">Dados do estudante</p>
          <h2 id="student-data-title" className="text-xl font-bold text-slate-900">
            {student.nome}
          </h2>
        </div>
        <Details
          rows={[
            ["CPF", formatStoredCpf(student.cpf)],
            ["RA", student.RA],
            ["Período letivo", schoolPeriod(student)],
            ["Série", studentGradeLine(student)],
            ["Unidade", unitName(studentUnitCode(student))],
            ["E-mail", student.email],
            ["Telefone", formatStoredPhone(student.telefone1)],
            ["Naturalidade", formatBirthPlace(student)],
            ["Endereço", formatAddress(student)],
          ]}
        />
        {student.Responsibles.length === 0 ? (
          <p className="text-sm text-slate-500">Nenhum responsável cadastrado.</p>
        ) : (
          student.Responsibles.map((responsible) => (
            <ResponsibleDetails key={responsible.id} responsible={responsible} />
          ))
        )}
      </div>
    </Modal>
  );
}
