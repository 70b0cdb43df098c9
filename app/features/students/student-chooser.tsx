import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { StudentLink } from "#api/contract/students.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { linkHref, type LinkMode } from "./link-mode.ts";
import { NewStudentWizard, type NewStudentReply } from "./new-student/new-student-wizard.tsx";
import { RaLinkForm, type RaLinkReply } from "./ra-link-form.tsx";
import { RemoveLinkDialog } from "./remove-link-dialog.tsx";
import { StudentCard } from "./student-card.tsx";
import { StudentDataModal } from "./student-data-modal.tsx";

const primary =
  "rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50";
const secondary = "rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50";

/** The list with a card's dialog open over it: the data modal (?estudante=) or the remove-link confirmation (?remover=). */
const dialogHref = (listHref: string, key: string, id: string) => `${listHref}&${key}=${encodeURIComponent(id)}`;

/**
 * The dialog a student card opened over the list (spec §2 data modal, §5 remove-link
 * confirmation), or null. The host renders it instead of, or beside, its own dialog.
 */
export function chooserDialog({
  basePath,
  students,
  selectedStudentId,
  studentDataId,
  removeLinkId,
}: {
  basePath: string;
  students: StudentLink[];
  selectedStudentId: string | null;
  studentDataId?: string | null;
  removeLinkId?: string | null;
}) {
  const listHref = linkHref(basePath, "lista", selectedStudentId);
  const detailed = studentDataId ? students.find((link) => link.studentId === studentDataId) : undefined;
  if (detailed) return <StudentDataModal link={detailed} closeHref={listHref} />;
  const removing = removeLinkId ? students.find((link) => link.id === removeLinkId) : undefined;
  if (removing) return <RemoveLinkDialog link={removing} backHref={listHref} action={listHref} />;
  return null;
}

/**
 * Who an item is for (spec §2 link modal, checkout step 2): "Sou Aluno" or "Lista de
 * Alunos", the list with add by RA and the new-student wizard, then "Confirmar". Every
 * step is URL state below `basePath` and every choice a plain form posted to it, with
 * `itemTOTVSId` naming the item (or, without it, `basePath`'s own query naming the items). With
 * `addOnChoice` (checkout step 2, spec §4) choosing a card, linking by RA or creating a student
 * adds the item at once: there is no "Confirmar".
 */
export interface StudentChooserProps {
  basePath: string;
  mode: LinkMode;
  students: StudentLink[];
  selectedStudentId: string | null;
  itemTOTVSId?: number;
  /** The final button's text: "Confirmar", or what it does when that says more (Compra Rápida). */
  confirmLabel?: string;
  /** The action's reply that shows a form again: the new-student wizard's, or the RA form's. */
  reply?: StudentChooserReply;
  /** Checkout step 2 (spec §4): a choice adds the item at once, and the wizard's CPF failure is a red toast (spec §5). */
  addOnChoice?: boolean;
}

export type StudentChooserReply = NewStudentReply | RaLinkReply;

export function StudentChooser({
  basePath,
  mode,
  students,
  selectedStudentId,
  itemTOTVSId,
  confirmLabel = "Confirmar",
  reply,
  addOnChoice = false,
}: StudentChooserProps) {
  const selected = students.find((link) => link.studentId === selectedStudentId);
  const hidden = (
    <>
      <AuthenticityTokenInput name="csrf" />
      {itemTOTVSId === undefined ? null : <input type="hidden" name="itemTOTVSId" value={itemTOTVSId} />}
    </>
  );
  if (mode === "novo" || mode === "completo") {
    return (
      <NewStudentWizard
        productPath={basePath}
        reply={mode === "novo" && reply?.wizard === "new-student" ? reply : undefined}
        cpfToast={addOnChoice}
        done={
          mode === "completo" && selectedStudentId
            ? { studentId: selectedStudentId, studentName: selected?.student.nome ?? null }
            : undefined
        }
      />
    );
  }
  if (mode === "escolha") {
    return (
      <div className="grid gap-3 wide:grid-cols-2">
        <Form method="post" action={basePath} preventScrollReset>
          {hidden}
          <button
            type="submit"
            name="intent"
            value="sou-aluno"
            className="h-full w-full rounded-xl border-2 border-slate-200 p-4 text-left hover:border-brand-500"
          >
            <span className="block text-lg font-bold text-slate-900">Sou aluno</span>
            <span className="text-sm text-slate-600">O produto é para mim.</span>
          </button>
        </Form>
        <Link
          to={linkHref(basePath, "lista")}
          replace
          preventScrollReset
          className="rounded-xl border-2 border-slate-200 p-4 hover:border-brand-500"
        >
          <span className="block text-lg font-bold text-slate-900">Lista de alunos</span>
          <span className="text-sm text-slate-600">Escolha um estudante vinculado à sua conta.</span>
        </Link>
      </div>
    );
  }
  const listHref = linkHref(basePath, "lista", selectedStudentId);
  const raReply = reply?.wizard === "link-ra" ? reply : undefined;
  return (
    <>
      <section aria-labelledby="linked-title">
        <h3 id="linked-title" className="mb-2 font-bold text-slate-800">
          Alunos vinculados
        </h3>
        {students.length === 0 ? (
          <p className="text-sm text-slate-500">Nenhum aluno vinculado no momento</p>
        ) : (
          <ul className="grid gap-2 wide:grid-cols-2">
            {students.map((link) => (
              <li key={link.id}>
                <StudentCard
                  link={link}
                  selected={link.studentId === selectedStudentId}
                  choose={
                    addOnChoice && itemTOTVSId !== undefined
                      ? { action: listHref, itemTOTVSId }
                      : { href: linkHref(basePath, "lista", link.studentId) }
                  }
                  detailsHref={dialogHref(listHref, URL_STATE.studentData.key, link.studentId)}
                  removeHref={dialogHref(listHref, URL_STATE.removeLink.key, link.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-link-title" className="flex flex-col gap-2">
        <h3 id="new-link-title" className="font-bold text-slate-800">
          Adicionar novo aluno
        </h3>
        <RaLinkForm key={raReply?.nonce ?? "first"} action={listHref} itemTOTVSId={itemTOTVSId} reply={raReply} />
        <Link
          to={linkHref(basePath, "novo")}
          replace
          preventScrollReset
          className="self-start text-sm font-semibold text-brand-600 hover:underline"
        >
          Adicionar aluno sem RA
        </Link>
      </section>
      <details className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <summary className="cursor-pointer font-semibold">Precisa de ajuda?</summary>
        <p className="mt-2">
          O RA (Registro Acadêmico) está no boletim, na carteirinha e no portal do aluno. Para proteger os dados dos
          estudantes, informe também a data de nascimento como está no cadastro da escola.{" "}
          {addOnChoice
            ? "Ao adicionar o estudante ou tocar no cartão dele, o item vai para o carrinho dele."
            : `Depois de adicionar o estudante, toque no cartão dele e em ${confirmLabel} para colocar o item no carrinho dele.`}
        </p>
      </details>
      <div className="flex justify-between gap-3">
        <Link to={linkHref(basePath, "escolha")} replace preventScrollReset className={secondary}>
          Voltar
        </Link>
        {addOnChoice ? null : (
          <Form method="post" action={basePath} preventScrollReset>
            {hidden}
            <input type="hidden" name="studentId" value={selectedStudentId ?? ""} />
            <button type="submit" name="intent" value="confirm" disabled={!selected} className={primary}>
              {confirmLabel}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
