import { StepList } from "#app/ui/step-list.tsx";
import { useFetcher } from "react-router";
import { URL_STATE, withLinkState } from "#app/lib/url-state.ts";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { DoneStep } from "./done-step.tsx";
import type { NewStudentReply } from "./new-student-reply.ts";
import { ResponsibleStep } from "./responsible-step.tsx";
import { StudentStep } from "./student-step.tsx";

export type { NewStudentReply };

const STEPS = ["Estudante", "Responsável", "Completo"] as const;
const { list: LIST_MODE, create: CREATE_MODE } = URL_STATE.link;

/**
 * The link modal's new-link wizard (spec §2, §4): Estudante, Responsavel, Completo.
 * The product page's action drives steps 1 and 2 (the same forms as plain posts without
 * JavaScript and as a fetcher with it); step 3 is URL state reached by a redirect.
 */
export function NewStudentWizard({
  productPath,
  reply,
  done,
  cpfToast = false,
}: {
  productPath: string;
  /** The checkout's form (spec §5): a CPF failure is the red toast "CPF Inválido", focus back on the field. */
  cpfToast?: boolean;
  /** The action's answer to a plain post (no JavaScript). */
  reply?: NewStudentReply;
  /** Set on step 3: the student just created. */
  done?: { studentId: string; studentName: string | null };
}) {
  const fetcher = useFetcher<NewStudentReply>({ key: "new-student" });
  const current = fetcher.data ?? reply;
  const step = done ? 3 : (current?.step ?? 1);
  const action = withLinkState(productPath, CREATE_MODE);
  const listHref = (studentId?: string) => withLinkState(productPath, LIST_MODE, studentId);
  return (
    <div data-testid="new-student-wizard">
      <StepList steps={STEPS} current={step} label="Etapas do vínculo" />
      {!done && current?.toast ? <InlineToast key={current.nonce} message={current.toast} /> : null}
      {done ? (
        <DoneStep studentName={done.studentName} returnHref={listHref(done.studentId)} />
      ) : current?.step === 2 ? (
        <ResponsibleStep key={current.nonce} fetcher={fetcher} reply={current} action={action} />
      ) : (
        <StudentStep
          key={current?.nonce ?? "first"}
          fetcher={fetcher}
          reply={current}
          action={action}
          listHref={listHref()}
          cpfToast={cpfToast}
        />
      )}
    </div>
  );
}
