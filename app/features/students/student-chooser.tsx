import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { StudentLink } from "#api/contract/students.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { linkHref, type LinkMode } from "./link-mode.ts";
import { NewStudentWizard, type NewStudentReply } from "./new-student/new-student-wizard.tsx";
import { RaLinkForm, type RaLinkReply } from "./ra-link-form.tsx";
import { RemoveLinkDialog } from "./remove-link-dialog.tsx";
import { StudentCard, StudentRadio } from "./student-card.tsx";
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
  const addHref = linkHref(basePath, "adicionar", selectedStudentId);
  if (mode === "adicionar") {
    const raReply = reply?.wizard === "link-ra" ? reply : undefined;
    return (
      <>
        <section aria-labelledby="new-link-title" className="flex flex-col gap-3">
          <h3 id="new-link-title" className="font-bold text-slate-800">
            Adicionar novo aluno
          </h3>
          <p className="text-sm text-slate-600">Pelo RA, se o estudante já estuda na rede:</p>
          <RaLinkForm key={raReply?.nonce ?? "first"} action={addHref} itemTOTVSId={itemTOTVSId} reply={raReply} />
          <p className="text-sm text-slate-600">
            Ainda sem matrícula?{" "}
            <Link
              to={linkHref(basePath, "novo")}
              replace
              preventScrollReset
              className="font-semibold text-brand-700 hover:underline"
            >
              Adicionar aluno sem RA
            </Link>
          </p>
        </section>
        <details className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <summary className="cursor-pointer font-semibold">Precisa de ajuda?</summary>
          <p className="mt-2">
            O RA (Registro Acadêmico) está no boletim, na carteirinha e no portal do aluno. Para proteger os dados dos
            estudantes, informe também a data de nascimento como está no cadastro da escola.{" "}
            {addOnChoice
              ? "Ao adicionar o estudante, o item vai para o carrinho dele."
              : `Depois de adicionar o estudante, escolha-o na lista e toque em ${confirmLabel}.`}
          </p>
        </details>
        <ChooserFooter>
          <Link to={listHref} replace preventScrollReset className={secondary}>
            Voltar
          </Link>
        </ChooserFooter>
      </>
    );
  }
  const addButton = (
    <Link to={addHref} replace preventScrollReset className={`${secondary} self-start`}>
      Adicionar novo aluno
    </Link>
  );
  const back = (
    <Link to={linkHref(basePath, "escolha")} replace preventScrollReset className={secondary}>
      Voltar
    </Link>
  );
  const cardLinks = (link: StudentLink) => ({
    detailsHref: dialogHref(listHref, URL_STATE.studentData.key, link.studentId),
    removeHref: dialogHref(listHref, URL_STATE.removeLink.key, link.id),
  });
  if (addOnChoice && itemTOTVSId !== undefined) {
    // Checkout step 2 (spec §4): a card adds the item at once, so each is its own button.
    return (
      <>
        <section aria-labelledby="linked-title">
          <LinkedStudents
            students={students}
            card={(link) => (
              <StudentCard
                link={link}
                selected={link.studentId === selectedStudentId}
                choose={{ action: listHref, itemTOTVSId }}
                {...cardLinks(link)}
              />
            )}
          />
        </section>
        {addButton}
        <ChooserFooter>{back}</ChooserFooter>
      </>
    );
  }
  return (
    <StudentRadioForm
      key={selectedStudentId ?? "none"}
      action={basePath}
      hidden={hidden}
      students={students}
      selectedStudentId={selectedStudentId}
      cardLinks={cardLinks}
      addButton={addButton}
      back={back}
      confirmLabel={confirmLabel}
    />
  );
}

/** "Alunos vinculados" (labelling the section or fieldset around it): a card per linked student, or one line when none is. */
function LinkedStudents({ students, card }: { students: StudentLink[]; card: (link: StudentLink) => ReactNode }) {
  return (
    <>
      <h3 id="linked-title" className="mb-2 font-bold text-slate-800">
        Alunos vinculados
      </h3>
      {students.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhum aluno vinculado no momento</p>
      ) : (
        <ul className="grid gap-2 wide:grid-cols-2">
          {students.map((link) => (
            <li key={link.id}>{card(link)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Kept in view at the bottom of the modal (or the page) while its content scrolls, so
 * "Confirmar" is never below the fold on a phone.
 */
function ChooserFooter({ children }: { children: ReactNode }) {
  return (
    <div
      className="sticky bottom-0 z-10 flex flex-wrap justify-between gap-3 border-t border-slate-200 bg-white py-4"
      data-testid="chooser-footer"
    >
      {children}
    </div>
  );
}

/**
 * The linked students as a native radio group (Space and the arrow keys choose, with or without
 * JavaScript) in one form with "Confirmar" (spec §2: disabled until a student is chosen; without
 * JavaScript the action says so instead, as the button cannot wake up).
 */
function StudentRadioForm({
  action,
  hidden,
  students,
  selectedStudentId,
  cardLinks,
  addButton,
  back,
  confirmLabel,
}: {
  action: string;
  hidden: ReactNode;
  students: StudentLink[];
  selectedStudentId: string | null;
  cardLinks: (link: StudentLink) => { detailsHref: string; removeHref: string };
  addButton: ReactNode;
  back: ReactNode;
  confirmLabel: string;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(
    students.some((link) => link.studentId === selectedStudentId) ? selectedStudentId : null,
  );
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-col gap-4">
      {hidden}
      <fieldset aria-labelledby="linked-title">
        <LinkedStudents
          students={students}
          card={(link) => (
            <StudentRadio
              link={link}
              checked={link.studentId === chosen}
              onChoose={() => setChosen(link.studentId)}
              {...cardLinks(link)}
            />
          )}
        />
      </fieldset>
      {addButton}
      <ChooserFooter>
        {back}
        <button type="submit" name="intent" value="confirm" disabled={hydrated && !chosen} className={primary}>
          {confirmLabel}
        </button>
      </ChooserFooter>
    </Form>
  );
}
