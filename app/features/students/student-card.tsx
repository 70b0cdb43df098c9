import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Student, StudentLink } from "#api/contract/students.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { schoolPeriod, studentGradeLine, studentUnitCode } from "./students.ts";

/**
 * "Período letivo: 2025" (spec §2 "school period"), nothing for a student not enrolled yet; below
 * it the grade of now, "6º Ano · Ensino Fundamental II · Turma B · Manhã" (issue 27).
 */
export function SchoolPeriodLine({ student }: { student: Pick<Student, "schoolYears"> }) {
  const period = schoolPeriod(student);
  const grade = studentGradeLine(student);
  return (
    <>
      {period ? <span className="block text-sm text-slate-600">Período letivo: {period}</span> : null}
      {grade ? (
        <span className="block text-sm text-slate-600" data-testid="student-grade">
          {grade}
        </span>
      ) : null}
    </>
  );
}

/** Where a card's form adds the item for its student (checkout step 2). */
type StudentCardChoice = { action: string; itemTOTVSId: number };

/** What a card says of its student: name, RA, unit, school period (spec §2) and grade (issue 27). */
function StudentSummary({ student }: { student: Student }) {
  const unitName = useUnitName();
  return (
    <>
      <span className="block font-bold text-slate-900">{student.nome}</span>
      <span className="block text-sm text-slate-600">RA: {student.RA ?? "sem RA"}</span>
      <span className="block text-sm text-slate-600">{unitName(studentUnitCode(student))}</span>
      <SchoolPeriodLine student={student} />
    </>
  );
}

/** A card's "Ver dados" and "Remover vínculo" (spec §2), links to dialogs over the list. */
function CardActions({ name, detailsHref, removeHref }: { name: string; detailsHref: string; removeHref: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={detailsHref}
        replace
        preventScrollReset
        aria-label={`Ver dados de ${name}`}
        className={`${cardAction} text-brand-700`}
      >
        Ver dados
      </Link>
      <Link
        to={removeHref}
        replace
        preventScrollReset
        aria-label={`Remover vínculo de ${name}`}
        className={`${cardAction} text-red-700`}
      >
        Remover vínculo
      </Link>
    </div>
  );
}

/**
 * A linked student in the link modal's list: a native radio of the group "studentId" (Space and
 * the arrow keys choose it), its card the radio's label.
 */
export function StudentRadio({
  link,
  checked,
  onChoose,
  detailsHref,
  removeHref,
}: {
  link: StudentLink;
  checked: boolean;
  onChoose: () => void;
  detailsHref: string;
  removeHref: string;
}) {
  return (
    <div className="flex flex-col gap-1" data-testid="student-card">
      <label className="flex w-full cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-200 p-3 transition hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
        <input
          type="radio"
          name="studentId"
          value={link.studentId}
          defaultChecked={checked}
          onChange={onChoose}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span>
          <StudentSummary student={link.student} />
        </span>
      </label>
      <CardActions name={link.student.nome} detailsHref={detailsHref} removeHref={removeHref} />
    </div>
  );
}

const cardLook = (selected: boolean) =>
  `block w-full rounded-xl border-2 p-3 text-left transition ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-brand-300"}`;
const cardAction = "rounded-full px-3 py-1 text-sm font-semibold hover:underline";

/**
 * A linked student in checkout step 2 (spec §2 student card): name, RA, unit and school period,
 * with a details button and a remove-link button. The card is a form's button that adds the
 * item for its student at once (spec §4), with or without JavaScript.
 */
export function StudentCard({
  link,
  choose,
  selected,
  detailsHref,
  removeHref,
}: {
  link: StudentLink;
  choose: StudentCardChoice;
  selected: boolean;
  detailsHref: string;
  removeHref: string;
}) {
  const { student } = link;
  const summary = <StudentSummary student={student} />;
  const common = { "aria-current": selected ? ("true" as const) : undefined, "data-testid": "student-card" };
  return (
    <div className="flex flex-col gap-1">
      <Form method="post" action={choose.action} preventScrollReset>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="itemTOTVSId" value={choose.itemTOTVSId} />
        <input type="hidden" name="studentId" value={link.studentId} />
        <button type="submit" name="intent" value="confirm" {...common} className={cardLook(selected)}>
          {summary}
        </button>
      </Form>
      <CardActions name={student.nome} detailsHref={detailsHref} removeHref={removeHref} />
    </div>
  );
}
