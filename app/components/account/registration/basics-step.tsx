import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { z } from "zod";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { STATES } from "#app/lib/ibge/states.ts";
import { maskCep, maskCpf, maskPhone } from "#app/lib/masks.ts";
import { registrationBasicsSchema } from "#app/lib/validation/customer.ts";
import { FormErrors, SelectField, SubmitButton, TextField } from "../../ui/form-field.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import type { RegistrationReply } from "./registration-reply.ts";

type StepTwo = Extract<RegistrationReply, { step: 2 }>;

const secondaryButton =
  "rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60";

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
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "registration-basics",
    lastResult: reply.result,
    defaultValue: reply.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Conform validates every submit; only "Criar conta" needs the rules (Voltar, CEP and cities do not).
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "basics" ? registrationBasicsSchema : z.object({}) }),
  });

  // With JavaScript the lookup and the city list follow the fields; without it, the buttons do.
  function submitIntent(intent: "cep" | "cities") {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", intent);
    fetcher.submit(formData, { method: "post", action: "/registrar" });
  }

  const cityOptions = reply.cities.map((city) => ({ value: city, label: city }));
  return (
    <fetcher.Form ref={formRef} method="post" action="/registrar" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <h3 className="text-lg font-bold text-slate-900">Informacoes Basicas</h3>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {Object.entries(reply.access).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.cpf} label="CPF" inputMode="numeric" placeholder="999.999.999-99" mask={maskCpf} maxLength={14} />
      <TextField meta={fields.birthDate} label="Data de nascimento" type="date" />
      <TextField meta={fields.cellPhone} label="Celular" type="tel" placeholder="(99) 99999-9999" mask={maskPhone} maxLength={15} autoComplete="tel-national" />
      <TextField
        meta={fields.zipcode}
        label="CEP"
        inputMode="numeric"
        placeholder="99999-999"
        mask={maskCep}
        maxLength={9}
        autoComplete="postal-code"
        onBlur={(event) => {
          if (event.currentTarget.value.replace(/\D/g, "").length === 8 && event.currentTarget.value !== reply.values?.zipcode) submitIntent("cep");
        }}
        extra={
          <button type="submit" name="intent" value="cep" formNoValidate className={`${secondaryButton} flex items-center gap-1 px-3`} aria-label="Buscar CEP">
            <SearchIcon width={18} height={18} />
          </button>
        }
      />
      {reply.cepFound ? (
        <div className="grid grid-cols-[6rem_1fr] gap-3">
          <TextField meta={fields.state} label="Estado" readOnly />
          <TextField meta={fields.city} label="Cidade" readOnly />
        </div>
      ) : (
        <div className="grid grid-cols-[8rem_1fr] gap-3">
          <SelectField
            meta={fields.state}
            label="Estado"
            placeholder="UF"
            options={STATES.map((state) => ({ value: state.sigla, label: state.sigla }))}
            onChange={hydrated ? () => submitIntent("cities") : undefined}
          />
          <SelectField meta={fields.city} label="Cidade" placeholder={cityOptions.length ? "Selecione a cidade" : "Escolha o estado"} options={cityOptions} />
        </div>
      )}
      {!reply.cepFound && !hydrated ? (
        <button type="submit" name="intent" value="cities" formNoValidate className={`${secondaryButton} self-start text-sm`}>
          Atualizar cidades
        </button>
      ) : null}
      <TextField meta={fields.neighborhood} label="Bairro" maxLength={80} />
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <TextField meta={fields.street} label="Rua" maxLength={120} autoComplete="address-line1" />
        <TextField meta={fields.houseNumber} label="Número" inputMode="numeric" maxLength={6} autoFocus={reply.focus === "houseNumber"} />
      </div>
      <div className="flex gap-3">
        <button type="submit" name="intent" value="back" formNoValidate className={secondaryButton} disabled={busy}>
          Voltar
        </button>
        <SubmitButton name="intent" value="basics" busy={busy} className="flex-1">
          {busy ? "Enviando..." : "Criar conta"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
