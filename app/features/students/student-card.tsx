import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Student, StudentLink } from "#api/contract/students.ts";
import { schoolUnitByCode } from "#app/lib/school-units.ts";
import { schoolPeriod, studentUnitCode } from "./students.ts";

/** "Período letivo: 2025" (spec §2 "school period"), nothing for a student not enrolled yet. */
export function SchoolPeriodLine({ student }: { student: Pick<Student, "schoolYears"> }) {
  const period = schoolPeriod(student);
  return period ? <span className="block text-sm text-slate-600">Período letivo: {period}</span> : null;
}

/** How a card chooses its student: a link that selects it, or (checkout step 2) a form that adds the item at once. */
export type StudentCardChoice = { href: string } | { action: string; itemTOTVSId: number };

const cardLook = (selected: boolean) =>
  `block w-full rounded-xl border-2 p-3 text-left transition ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-brand-300"}`;
const cardAction = "rounded-full px-3 py-1 text-sm font-semibold hover:underline";

/**
 * A linked student in the chooser (spec §2 student card): name, RA, unit and school period,
 * with a details button and a remove-link button. Clicking the card chooses the student.
 * Every control is a link or a plain form, so the card works without JavaScript.
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
  const summary = (
    <>
      <span className="block font-bold text-slate-900">{student.nome}</span>
      <span className="block text-sm text-slate-600">RA: {student.RA ?? "sem RA"}</span>
      <span className="block text-sm text-slate-600">{schoolUnitByCode(studentUnitCode(student)).name}</span>
      <SchoolPeriodLine student={student} />
    </>
  );
  const common = { "aria-current": selected ? ("true" as const) : undefined, "data-testid": "student-card" };
  return (
    <div className="flex flex-col gap-1">
      {"href" in choose ? (
        <Link to={choose.href} replace preventScrollReset {...common} className={cardLook(selected)}>
          {summary}
        </Link>
      ) : (
        <Form method="post" action={choose.action} preventScrollReset>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="itemTOTVSId" value={choose.itemTOTVSId} />
          <input type="hidden" name="studentId" value={link.studentId} />
          <button type="submit" name="intent" value="confirm" {...common} className={cardLook(selected)}>
            {summary}
          </button>
        </Form>
      )}
      <div className="flex justify-end gap-1">
        <Link
          to={detailsHref}
          replace
          preventScrollReset
          aria-label={`Ver dados de ${student.nome}`}
          className={`${cardAction} text-brand-700`}
        >
          Ver dados
        </Link>
        <Link
          to={removeHref}
          replace
          preventScrollReset
          aria-label={`Remover vínculo de ${student.nome}`}
          className={`${cardAction} text-red-700`}
        >
          Remover vínculo
        </Link>
      </div>
    </div>
  );
}
