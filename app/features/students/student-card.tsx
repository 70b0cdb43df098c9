import { Link } from "react-router";
import type { StudentLink } from "#api/contract/students.ts";
import { schoolUnitByCode } from "#app/lib/school-units.ts";

/** A linked student (spec §2 student card): name, RA, unit and school period. */
export function StudentCard({
  link,
  selectHref,
  selected,
}: {
  link: StudentLink;
  selectHref: string;
  selected: boolean;
}) {
  const { student } = link;
  const unitCode =
    student.schoolYears.find((year) => !year.deletedAt)?.CODCOLIGADA ?? student.Affiliates[0]?.CODCOLIGADA;
  return (
    <Link
      to={selectHref}
      replace
      preventScrollReset
      aria-current={selected ? "true" : undefined}
      data-testid="student-card"
      className={`block rounded-xl border-2 p-3 text-left transition ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-brand-300"}`}
    >
      <p className="font-bold text-slate-900">{student.nome}</p>
      <p className="text-sm text-slate-600">RA: {student.RA ?? "sem RA"}</p>
      <p className="text-sm text-slate-600">{schoolUnitByCode(unitCode).name}</p>
      {student.turno ? <p className="text-sm text-slate-600">Turno: {student.turno}</p> : null}
    </Link>
  );
}
