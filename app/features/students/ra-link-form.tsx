import type { SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { FormErrors, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { StudentConsentField } from "./student-consent.tsx";
import type { raLinkSchema } from "./student-schemas.ts";

export const RA_LINK_INTENT = "add-ra";

/** The fields of "Adicionar" by RA, as typed. */
export const RA_LINK_KEYS = ["ra", "dtnascimento", "consentimento"] as const;

/** What the action answers when it shows the RA form again: what was typed, its errors, the API's refusal. */
export interface RaLinkReply {
  wizard: "link-ra";
  nonce: string;
  values: Record<(typeof RA_LINK_KEYS)[number], string>;
  result?: SubmissionResult<string[]>;
  toast: string | null;
}

/**
 * "Adicionar Novo Aluno" by RA (spec §2, §5): the RA, the student's birth date as proof and
 * the adult's consent (docs/decisions/0013). A plain form, with or without JavaScript; a
 * refusal shows it again with what was typed.
 */
export function RaLinkForm({
  action,
  itemTOTVSId,
  reply,
}: {
  /** The list's own address: a refusal shows the list again, with the form as typed. */
  action: string;
  itemTOTVSId?: number;
  reply?: RaLinkReply;
}) {
  const navigation = useNavigation();
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.raLink),
    { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<z.input<typeof raLinkSchema>>({
    id: "link-ra",
    lastResult: reply?.result,
    defaultValue: reply?.values,
    ...rules,
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === RA_LINK_INTENT;
  return (
    <>
      {reply?.toast ? <InlineToast key={reply.nonce} message={reply.toast} /> : null}
      <Form
        method="post"
        action={action}
        preventScrollReset
        {...rulesFormProps(form, loadOnFocus)}
        className="flex flex-col gap-3"
      >
        <AuthenticityTokenInput name="csrf" />
        {itemTOTVSId === undefined ? null : <input type="hidden" name="itemTOTVSId" value={itemTOTVSId} />}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            meta={fields.ra}
            label="RA do aluno"
            placeholder="Digite o RA do aluno"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <TextField meta={fields.dtnascimento} label="Data de nascimento do aluno" type="date" />
        </div>
        <StudentConsentField meta={fields.consentimento} />
        <SubmitButton name="intent" value={RA_LINK_INTENT} busy={busy} className="sm:w-auto sm:self-end">
          {busy ? "Adicionando..." : "Adicionar"}
        </SubmitButton>
      </Form>
    </>
  );
}
