import { useFetcher, type FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import type { profileSchema } from "#app/features/accounts/account-schemas.ts";
import { AddressFields } from "#app/features/address/address-fields.tsx";
import { useIntentForm } from "#app/ui/intent-form.ts";
import { CpfField, FormErrors, SubmitButton, PhoneField, TextField } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import type { AccountPageReply, ProfileReply, ProfileValues } from "./account-page-reply.ts";

const readOnlyInput = "w-full rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-slate-600";
/**
 * "Meus dados": the server answers the CEP lookup and the city list by re-rendering
 * the form (a new nonce remounts it with the values it sent), so the same form
 * works as plain posts without JavaScript and as a fetcher with it.
 */
export function ProfileForm({
  email,
  loaded,
  reply,
}: {
  email: string;
  loaded: { values: ProfileValues; cities: string[] };
  reply?: ProfileReply;
}) {
  const fetcher = useFetcher<AccountPageReply>({ key: "profile" });
  const current = fetcher.data?.form === "profile" ? fetcher.data : reply;
  return (
    <>
      {current?.toast ? <InlineToast key={current.nonce} message={current.toast} /> : null}
      <ProfileFields
        // After a save the loader's values change, and the form shows what was stored.
        key={current?.nonce ?? JSON.stringify(loaded.values)}
        fetcher={fetcher}
        email={email}
        values={current?.values ?? loaded.values}
        cities={current?.cities ?? loaded.cities}
        reply={current}
      />
    </>
  );
}

function ProfileFields({
  fetcher,
  email,
  values,
  cities,
  reply,
}: {
  fetcher: FetcherWithComponents<AccountPageReply>;
  email: string;
  values: ProfileValues;
  cities: string[];
  reply?: ProfileReply;
}) {
  const hydrated = useHydrated();
  // The form holds text (the API also takes a number for houseNumber, spec §7).
  const { form, fields, formProps, submitIntent, pendingIntent } = useIntentForm<
    z.input<typeof profileSchema>,
    z.output<typeof profileSchema>,
    ProfileValues
  >({
    id: "profile",
    fetcher,
    action: "/conta",
    lastResult: reply?.result,
    defaultValue: values,
    rules: () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.profile),
    shouldValidate: "onBlur",
  });

  return (
    <fetcher.Form {...formProps} className="flex flex-col gap-4">
      {/* Enter in any field saves: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="profile" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar alterações
      </button>
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.name} label="Nome completo" autoComplete="name" maxLength={45} />
      <div>
        <label htmlFor="profile-email" className="mb-1 block text-sm font-semibold text-slate-700">
          E-mail
        </label>
        <input
          id="profile-email"
          type="email"
          value={email}
          readOnly
          aria-describedby="profile-email-note"
          className={readOnlyInput}
        />
        <p id="profile-email-note" className="mt-1 text-xs text-slate-500">
          O e-mail de acesso não pode ser alterado.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField meta={fields.cellPhone} label="Celular" />
        <CpfField meta={fields.cpf} />
      </div>
      <TextField meta={fields.birthDate} label="Data de nascimento" type="date" />
      <AddressFields
        fields={fields}
        complement={fields.complement}
        cepNotFound={reply?.cepNotFound ?? false}
        cities={cities}
        focusNumber={reply?.focus === "houseNumber"}
        hydrated={hydrated}
        lookedUpCep={values.zipcode}
        cepIntent="cep"
        citiesIntent="cities"
        pendingIntent={pendingIntent ? String(pendingIntent) : null}
        submitIntent={submitIntent}
      />
      <SubmitButton name="intent" value="profile" busy={pendingIntent === "profile"} className="sm:w-auto sm:self-end">
        {pendingIntent === "profile" ? "Salvando..." : "Salvar alterações"}
      </SubmitButton>
    </fetcher.Form>
  );
}
