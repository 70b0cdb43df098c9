import { useState, type FormEvent } from "react";
import { Link, type FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CHECKOUT_CPF_TOAST } from "#app/features/students/student-choices.ts";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { useIntentForm } from "#app/ui/intent-form.ts";
import { CpfField, FormErrors, secondaryButton, SubmitButton, PhoneField, TextField } from "#app/ui/form-field.tsx";
import { StateAndCityFields } from "#app/features/address/address-fields.tsx";
import { AddressFields } from "./address-fields.tsx";
import type { NewStudentReply } from "./new-student-reply.ts";

type StepOne = Extract<NewStudentReply, { step: 1 }>;

/** Step "Estudante" (spec §3 "New student form"): checked here and on the server, stored only with the responsible. */
export function StudentStep({
  fetcher,
  reply,
  action,
  listHref,
  cpfToast = false,
}: {
  fetcher: FetcherWithComponents<NewStudentReply>;
  reply?: StepOne;
  action: string;
  listHref: string;
  /** The checkout's form (spec §5): a CPF failure is the red toast "CPF Inválido" and the focus goes back to the field. */
  cpfToast?: boolean;
}) {
  const hydrated = useHydrated();
  const { form, fields, formProps, submitIntent, pendingIntent, validate } = useIntentForm({
    id: "new-student",
    fetcher,
    action,
    lastResult: reply?.result,
    defaultValue: reply?.values,
    rules: () =>
      import("#app/features/shopper-form-rules.ts").then((module) =>
        cpfToast ? module.formRules.checkoutNewStudent : module.formRules.newStudent,
      ),
  });
  // Each refused "Próximo" shows the toast again (a new key remounts it).
  const [cpfRefusals, setCpfRefusals] = useState(0);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const saving = submitter instanceof HTMLButtonElement && submitter.value === "student-next";
    if (!cpfToast || !saving || !event.defaultPrevented) return;
    const cpf = event.currentTarget.elements.namedItem(fields.cpf.name);
    const refused = validate?.({ formData: new FormData(event.currentTarget, submitter) });
    if (!(cpf instanceof HTMLInputElement) || refused?.status !== "error" || !refused.error?.[fields.cpf.name]) return;
    // Conform focused the first invalid field; spec §5 sends the shopper back to the CPF.
    cpf.focus();
    setCpfRefusals((count) => count + 1);
  }

  const birthCities = reply?.birthCities ?? [];
  return (
    <fetcher.Form {...formProps} onSubmit={onSubmit} className="flex flex-col gap-4">
      {cpfRefusals > 0 ? <InlineToast key={cpfRefusals} message={CHECKOUT_CPF_TOAST} /> : null}
      {/* Enter in any field goes on: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="student-next" tabIndex={-1} aria-hidden="true" className="sr-only">
        Próximo
      </button>
      <h3 className="font-bold text-slate-900">Preencha os dados do aluno que será adicionado!</h3>
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.nome} label="Nome completo" autoComplete="off" maxLength={45} />
      <TextField meta={fields.email} label="E-mail (opcional)" type="email" autoComplete="off" maxLength={45} />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Only after the checkout's "CPF Inválido" (spec §5 sends the focus back to the field). */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <CpfField meta={fields.cpf} autoComplete="off" autoFocus={reply?.focus === "cpf"} />
        <TextField meta={fields.data_nascimento} label="Data de nascimento" type="date" />
      </div>
      <StateAndCityFields
        state={fields.estado_natal}
        city={fields.cidade_natal}
        cities={birthCities}
        hydrated={hydrated}
        citiesIntent="student-cities"
        submitIntent={submitIntent}
        labels={{ state: "Estado natal", city: "Cidade natal", refresh: "Atualizar cidades natais" }}
      />
      <AddressFields
        fields={fields}
        cepNotFound={reply?.cepNotFound ?? false}
        cities={reply?.cities ?? []}
        focusNumber={reply?.focus === "numero"}
        hydrated={hydrated}
        lookedUpCep={reply?.values.cep ?? ""}
        cepIntent="student-cep"
        citiesIntent="student-cities"
        pendingIntent={pendingIntent}
        submitIntent={submitIntent}
      />
      <PhoneField meta={fields.telefone} label="Telefone (opcional)" autoComplete="off" />
      <div className="flex gap-3">
        <Link to={listHref} replace preventScrollReset className={`${secondaryButton} px-5 py-2.5 text-base`}>
          Voltar
        </Link>
        <SubmitButton name="intent" value="student-next" busy={pendingIntent === "student-next"} className="flex-1">
          {pendingIntent === "student-next" ? "Enviando..." : "Próximo"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
