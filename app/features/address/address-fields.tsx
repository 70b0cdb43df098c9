import type { FieldMetadata } from "@conform-to/react";
import { STATES } from "#core/ibge/states.ts";
import { maskCep } from "#core/masks.ts";
import { secondaryButton, SelectField, TextField } from "#app/ui/form-field.tsx";
import { SearchIcon } from "#app/ui/icons.tsx";

export type AddressKey = "zipcode" | "state" | "city" | "neighborhood" | "street" | "houseNumber";

/**
 * The hidden field naming the CEP whose lookup failed (not found, or the service down): while
 * the CEP is unchanged the form offers state and city as lists (docs/decisions/0025).
 */
export const CEP_NOT_FOUND_FIELD = "cepNaoEncontrado";
/** Beside it, how that lookup failed, so the message stays right while the form is re-rendered. */
export const CEP_FAILURE_FIELD = "cepFalha";

/** The lookup of the current CEP failed, and how; false when it did not (or nothing was looked up). */
export type CepFailure = false | "unknown" | "unavailable";

/** What the form says under the CEP when its lookup failed (issue 25, point 14). */
export const CEP_FAILURE_MESSAGES = {
  unknown: "Não encontramos este CEP. Confira o número ou preencha o endereço abaixo, escolhendo o estado e a cidade.",
  unavailable:
    "A busca do endereço pelo CEP não respondeu agora. Preencha o endereço abaixo, escolhendo o estado e a cidade.",
} as const satisfies Record<Exclude<CepFailure, false>, string>;

const STATE_OPTIONS = STATES.map((state) => ({ value: state.sigla, label: state.sigla }));

/**
 * The address group of every form that asks for one (sign-up, profile, new student and
 * responsible): CEP (lookup by button, or on blur with JavaScript), state and city
 * (read-only, filled by the lookup, spec §5; lists only after the lookup of the current CEP
 * failed, docs/decisions/0025), neighbourhood, street and number. The server answers each lookup and city list by re-rendering the form, so it
 * works the same without JavaScript.
 */
export function AddressFields({
  fields,
  complement,
  cepNotFound,
  cities,
  focusNumber,
  hydrated,
  lookedUpCep,
  cepIntent,
  citiesIntent,
  pendingIntent,
  submitIntent,
}: {
  fields: Record<AddressKey, FieldMetadata<string | undefined>>;
  /** The customer forms' optional "Complemento" (issue 25); the student wizard sends a fixed one (spec §3). */
  complement?: FieldMetadata<string | undefined>;
  /** The lookup of the current CEP failed (and how): the form says so, state and city are lists. */
  cepNotFound: CepFailure;
  cities: string[];
  focusNumber: boolean;
  hydrated: boolean;
  /** The CEP the server last saw: leaving the field unchanged looks nothing up again. */
  lookedUpCep: string;
  cepIntent: string;
  citiesIntent: string;
  pendingIntent: string | null;
  submitIntent: (intent: string) => void;
}) {
  const searching = pendingIntent === cepIntent;
  return (
    <>
      <input type="hidden" name={CEP_NOT_FOUND_FIELD} value={cepNotFound ? lookedUpCep : ""} />
      <input type="hidden" name={CEP_FAILURE_FIELD} value={cepNotFound || ""} />
      <TextField
        meta={fields.zipcode}
        label="CEP"
        inputMode="numeric"
        placeholder="99999-999"
        mask={maskCep}
        maxLength={9}
        autoComplete="postal-code"
        onBlur={(event) => {
          const cep = event.currentTarget.value;
          if (cep.replace(/\D/g, "").length === 8 && cep !== lookedUpCep) submitIntent(cepIntent);
        }}
        extra={
          <button
            type="submit"
            name="intent"
            value={cepIntent}
            formNoValidate
            disabled={searching}
            aria-label="Buscar CEP"
            className={`${secondaryButton} flex shrink-0 items-center gap-1`}
          >
            <SearchIcon width={16} height={16} />
            <span aria-hidden="true">{searching ? "Buscando..." : "Buscar"}</span>
          </button>
        }
      />
      {/* A live region that is always there, so a reader hears the message when the lookup fails. */}
      <p role="status" className="-mt-2 text-sm text-amber-800 empty:hidden" data-testid="cep-failure">
        {cepNotFound ? CEP_FAILURE_MESSAGES[cepNotFound] : null}
      </p>
      {cepNotFound ? (
        <StateAndCityFields
          state={fields.state}
          city={fields.city}
          cities={cities}
          hydrated={hydrated}
          citiesIntent={citiesIntent}
          submitIntent={submitIntent}
        />
      ) : (
        <div className="grid grid-cols-[6rem_1fr] gap-3">
          <TextField meta={fields.state} label="Estado" readOnly />
          <TextField meta={fields.city} label="Cidade" readOnly />
        </div>
      )}
      <TextField meta={fields.neighborhood} label="Bairro" maxLength={80} />
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <TextField meta={fields.street} label="Rua" maxLength={120} autoComplete="address-line1" />
        {/* After the CEP lookup the shopper asked for, the number is what is left to type; the
            attribute also works without JavaScript, where the page is rendered anew. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <TextField meta={fields.houseNumber} label="Número" inputMode="numeric" maxLength={6} autoFocus={focusNumber} />
      </div>
      {complement ? (
        <TextField
          meta={complement}
          label="Complemento (opcional)"
          placeholder="Apartamento, bloco, casa"
          maxLength={60}
          autoComplete="address-line2"
        />
      ) : null}
    </>
  );
}

/**
 * A state select and the select of its cities. Choosing a state asks the server for its
 * cities: at once with JavaScript, through "Atualizar cidades" without it.
 */
export function StateAndCityFields({
  state,
  city,
  cities,
  hydrated,
  citiesIntent,
  submitIntent,
  labels = { state: "Estado", city: "Cidade", refresh: "Atualizar cidades" },
}: {
  state: FieldMetadata<string | undefined>;
  city: FieldMetadata<string | undefined>;
  cities: string[];
  hydrated: boolean;
  citiesIntent: string;
  submitIntent: (intent: string) => void;
  labels?: { state: string; city: string; refresh: string };
}) {
  return (
    <>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <SelectField
          meta={state}
          label={labels.state}
          placeholder="UF"
          options={STATE_OPTIONS}
          onChange={hydrated ? () => submitIntent(citiesIntent) : undefined}
        />
        <SelectField
          meta={city}
          label={labels.city}
          placeholder={cities.length ? "Selecione a cidade" : "Escolha o estado"}
          options={cities.map((name) => ({ value: name, label: name }))}
        />
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value={citiesIntent}
          formNoValidate
          className={`${secondaryButton} self-start`}
        >
          {labels.refresh}
        </button>
      )}
    </>
  );
}
