import type { FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields } from "#app/features/address/address-fields.tsx";
import { useIntentForm } from "#app/ui/intent-form.ts";
import { BackButton, CpfField, FormErrors, SubmitButton, PhoneField, TextField } from "#app/ui/form-field.tsx";
import { WhatsappConsentCheckbox } from "#app/features/messages/whatsapp-consent-checkbox.tsx";
import type { RegistrationReply } from "./registration-reply.ts";

type StepTwo = Extract<RegistrationReply, { step: 2 }>;

export function BasicsStep({
  fetcher,
  reply,
  redirectTo,
  busy,
}: {
  fetcher: FetcherWithComponents<RegistrationReply>;
  reply: StepTwo;
  redirectTo: string;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const { form, fields, formProps, submitIntent, pendingIntent } = useIntentForm({
    id: "registration-basics",
    fetcher,
    action: "/registrar",
    lastResult: reply.result,
    defaultValue: reply.values,
    rules: () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.registrationBasics),
  });

  return (
    <fetcher.Form {...formProps} className="flex flex-col gap-4">
      <h3 className="text-lg font-bold text-slate-900">Informações básicas</h3>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="draft" value={reply.draft} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <CpfField meta={fields.cpf} />
      <TextField meta={fields.birthDate} label="Data de nascimento" type="date" />
      <PhoneField meta={fields.cellPhone} label="Celular" />
      <AddressFields
        fields={fields}
        complement={fields.complement}
        cepNotFound={reply.cepNotFound}
        cities={reply.cities}
        focusNumber={reply.focus === "houseNumber"}
        hydrated={hydrated}
        lookedUpCep={reply.values?.zipcode ?? ""}
        cepIntent="cep"
        citiesIntent="cities"
        pendingIntent={pendingIntent}
        submitIntent={submitIntent}
      />
      {reply.whatsapp ? <WhatsappConsentCheckbox defaultChecked={reply.whatsapp.ticked} /> : null}
      <div className="flex gap-3">
        <BackButton disabled={busy} />
        <SubmitButton name="intent" value="basics" busy={busy} className="flex-1">
          {busy ? "Enviando..." : "Criar conta"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
