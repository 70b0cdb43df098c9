import type { Submission } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECTS } from "#core/validation/support-subjects.ts";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { FormErrors, PhoneField, SelectField, SubmitButton, TextAreaField, TextField } from "#app/ui/form-field.tsx";
import { CONTACT_FORM_ID, type ContactPrefill, type ContactReply } from "./contact-form-reply.ts";

/** The form as it holds its fields: text (the schema's optional ones may come empty). */
type ContactFields = Record<"name" | "email" | "phone" | "ra" | "subject" | "message", string>;

const subjectOptions = Object.entries(SUPPORT_SUBJECTS).map(([value, label]) => ({ value, label }));

/**
 * "Fale conosco" (docs/decisions/0023-support-tickets.md): a plain form posted to /atendimento,
 * so it works without JavaScript; with it, Conform checks the same schema before sending.
 */
export function ContactForm({ prefill, reply }: { prefill: ContactPrefill; reply?: ContactReply }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/atendimento") === true;
  const { loadOnFocus, ...rules } = useLazyRules(
    () =>
      import("#app/features/shopper-form-rules.ts").then(
        (module) => (context: { formData: FormData }) =>
          module.formRules.supportTicket(context) as unknown as Submission<ContactFields>,
      ),
    // Not on blur: an error appearing as the last field loses focus would push "Enviar
    // mensagem" down under the pointer, and the click that caused the blur would miss it.
    { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<ContactFields>({
    id: CONTACT_FORM_ID,
    lastResult: reply?.result,
    defaultValue: prefill,
    ...rules,
  });
  return (
    <Form method="post" action="/atendimento" {...rulesFormProps(form, loadOnFocus)} className="flex flex-col gap-4">
      <AuthenticityTokenInput name="csrf" />
      <HoneypotInputs label="Deixe este campo em branco" className="hidden" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.name} label="Nome" autoComplete="name" maxLength={80} />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={254} />
        <PhoneField meta={fields.phone} label="Telefone (opcional)" />
        <TextField
          meta={fields.ra}
          label="RA do aluno (opcional)"
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
        />
      </div>
      <SelectField meta={fields.subject} label="Assunto" options={subjectOptions} placeholder="Selecione o assunto" />
      <TextAreaField
        meta={fields.message}
        label="Mensagem"
        hint={`Até ${SUPPORT_MESSAGE_MAX.toLocaleString("pt-BR")} caracteres.`}
        maxLength={SUPPORT_MESSAGE_MAX}
      />
      <SubmitButton busy={busy} className="sm:w-auto sm:self-end">
        {busy ? "Enviando..." : "Enviar mensagem"}
      </SubmitButton>
    </Form>
  );
}

/** After a message was sent: its protocol, which the customer quotes to the central. */
export function ContactSent({ protocol }: { protocol: string }) {
  return (
    <div role="status" className="mt-4 rounded-xl bg-emerald-50 p-5 text-emerald-900 ring-1 ring-emerald-200">
      <p className="font-bold">
        Recebemos sua mensagem. Protocolo <span data-testid="support-protocol">{protocol}</span>.
      </p>
      <p className="mt-1 text-sm">
        Enviamos uma confirmação para o seu e-mail. Nossa central vai responder pelo e-mail ou telefone informados.
      </p>
    </div>
  );
}
