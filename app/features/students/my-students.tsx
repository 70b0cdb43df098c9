import { Link } from "react-router";
import type { StudentLink } from "#api/contract/students.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { studentUnitCode } from "#app/features/students/students.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import type { StudentListEntry } from "#app/features/lists/list-entry-links.ts";
import { StudentDataModal } from "./student-data-modal.tsx";
import { RemoveLinkDialog } from "./remove-link-dialog.tsx";
import { SchoolPeriodLine } from "./student-card.tsx";

const ACCOUNT_PATH = "/conta";
const detailsHref = (link: StudentLink) =>
  `${ACCOUNT_PATH}?${URL_STATE.studentData.key}=${encodeURIComponent(link.studentId)}`;
const removeHref = (link: StudentLink) => `${ACCOUNT_PATH}?${URL_STATE.removeLink.key}=${encodeURIComponent(link.id)}`;

const secondary =
  "rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

/**
 * "Meus estudantes" on /conta (spec §2: here the student card looks different): each
 * linked student with "Ver dados" and "Remover vínculo". Both open URL-state dialogs,
 * so they work without JavaScript.
 */
export function MyStudents({
  students,
  listEntries,
  studentDataId,
  removeLinkId,
}: {
  students: StudentLink[] | null;
  /** The students whose grade has a published material list, with its link (issue 29). */
  listEntries: StudentListEntry[];
  /** ?estudante=: the student whose data modal is open. */
  studentDataId: string | null;
  /** ?remover=: the link waiting for confirmation. */
  removeLinkId: string | null;
}) {
  if (students === null) {
    return (
      <p className="text-slate-600">Não foi possível carregar seus estudantes agora. Tente novamente em instantes.</p>
    );
  }
  const detailed = studentDataId ? students.find((link) => link.studentId === studentDataId) : undefined;
  const removing = removeLinkId ? students.find((link) => link.id === removeLinkId) : undefined;
  return (
    <>
      {students.length === 0 ? (
        <p className="text-slate-600">Nenhum aluno vinculado no momento. Vincule um estudante ao comprar um produto.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {students.map((link) => (
            <li key={link.id}>
              <AccountStudentCard
                link={link}
                listEntry={listEntries.find((entry) => entry.studentId === link.studentId) ?? null}
              />
            </li>
          ))}
        </ul>
      )}
      {detailed ? <StudentDataModal link={detailed} closeHref={ACCOUNT_PATH} /> : null}
      {removing ? <RemoveLinkDialog link={removing} backHref={ACCOUNT_PATH} action={ACCOUNT_PATH} /> : null}
    </>
  );
}

function AccountStudentCard({ link, listEntry }: { link: StudentLink; listEntry: StudentListEntry | null }) {
  const { student } = link;
  const headingId = `estudante-${link.id}`;
  const unitName = useUnitName();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="account-student-card"
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700"
          aria-hidden="true"
        >
          {student.nome.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-slate-900">
            {student.nome}
          </h3>
          <p className="text-sm text-slate-600">RA: {student.RA ?? "sem RA"}</p>
          <p className="text-sm text-slate-600">{unitName(studentUnitCode(student))}</p>
          <SchoolPeriodLine student={student} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        {listEntry ? (
          <Link
            to={listEntry.href}
            aria-label={`Lista de material de ${listEntry.firstName}`}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            data-testid="student-list-link"
          >
            Lista de material
          </Link>
        ) : null}
        <Link to={detailsHref(link)} preventScrollReset className={secondary}>
          Ver dados
        </Link>
        <Link
          to={removeHref(link)}
          preventScrollReset
          className={`${secondary} border-red-200 text-red-700 hover:bg-red-50`}
        >
          Remover vínculo
        </Link>
      </div>
    </article>
  );
}
