/**
 * Séries' forms: a grade's fields (new in a period, or an existing one), the period's copy to
 * the next, and the ↑/↓ buttons. Each is one plain POST form with its intent, checked in the
 * browser with the schema the action and the API use; a refused one keeps what was typed.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  copyPeriodFields,
  gradeFields,
  newGradeFields,
  type GestorGrade,
  type GradeFields,
} from "#api/contract/gestor/grades.ts";
import { FormErrors, TextField } from "#app/ui/form-field.tsx";
import { useForm } from "#app/ui/use-form.ts";
import { gestorButton, gestorCard, gestorSecondaryButton } from "../gestor-ui.tsx";

export interface GradeFormReply {
  formId?: string;
  result?: SubmissionResult<string[]>;
  /** A refusal without fields (removing a grade a product uses). */
  message?: string;
}

const resultFor = (formId: string, reply: GradeFormReply | undefined) =>
  reply?.formId === formId ? reply.result : undefined;

/** A new grade in `period` (no `grade`), or the fields of `grade`. */
export function GradeForm({ period, grade, reply }: { period: string; grade?: GestorGrade; reply?: GradeFormReply }) {
  const formId = grade ? "serie" : "nova-serie";
  // A second click while the first is on its way would only meet "Já existe a série…".
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<Partial<Record<keyof GradeFields, string>>, GradeFields>({
    id: formId,
    lastResult: resultFor(formId, reply),
    defaultValue: grade ? { codgrade: grade.codgrade, CURSO: grade.CURSO, HABILITACAO: grade.HABILITACAO } : {},
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: grade ? gradeFields : newGradeFields }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${gestorCard} grid items-end gap-3 md:grid-cols-4`}
    >
      <AuthenticityTokenInput name="csrf" />
      {grade ? null : <input type="hidden" name="CODPERLET" value={period} />}
      <div className="md:col-span-4">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <TextField meta={fields.codgrade} label="Código (CODGRADE)" maxLength={20} placeholder="EF06" />
      <TextField meta={fields.CURSO} label="Curso (CURSO)" maxLength={80} placeholder="Ensino Fundamental II" />
      <TextField meta={fields.HABILITACAO} label="Série (HABILITACAO)" maxLength={80} placeholder="6º Ano" />
      <div>
        <button
          type="submit"
          name="intent"
          value={grade ? "update" : "create"}
          className={gestorButton}
          disabled={busy}
        >
          {grade ? "Salvar série" : "Adicionar série"}
        </button>
      </div>
    </Form>
  );
}

/** The period's grades into the next period, when it has none. */
export function CopyPeriodForm({ from, to, reply }: { from: string; to: string; reply?: GradeFormReply }) {
  const [form] = useForm<{ from: string; to: string }>({
    id: "copiar",
    lastResult: resultFor("copiar", reply),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: copyPeriodFields }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} flex flex-col gap-2`}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="to" value={to} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <p className="text-slate-700">
        Copia as séries de {from} para {to}, na mesma ordem, só se {to} ainda não tiver séries (para juntar séries a um
        período que já tem, use a importação por CSV). Os produtos ligados às séries não são copiados: no novo período,
        escolha as séries de cada produto no catálogo.
      </p>
      <div>
        <button type="submit" name="intent" value="copy" className={gestorSecondaryButton}>
          Copiar para {to}
        </button>
      </div>
    </Form>
  );
}

/** ↑ and ↓ for one grade: each its own POST (intent "move"), so they work without JavaScript. */
export function MoveButtons({ grade, first, last }: { grade: GestorGrade; first: boolean; last: boolean }) {
  const name = `${grade.HABILITACAO} (${grade.codgrade})`;
  return (
    <div className="flex gap-1">
      {(
        [
          ["up", "↑", `Subir ${name}`, first],
          ["down", "↓", `Descer ${name}`, last],
        ] as const
      ).map(([direction, arrow, label, edge]) => (
        <Form method="post" key={direction}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="CODPERLET" value={grade.CODPERLET} />
          <input type="hidden" name="gradeId" value={grade.id} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            name="intent"
            value="move"
            aria-label={label}
            title={label}
            disabled={edge}
            className={`${gestorSecondaryButton} px-2 py-0.5`}
          >
            {arrow}
          </button>
        </Form>
      ))}
    </div>
  );
}
