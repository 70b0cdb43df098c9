/**
 * The server side of every address group (sign-up, /conta's profile, the new-student
 * wizard's student and responsible steps): type a CEP, get the address, re-render the
 * form with what was typed (app/.server/form-reply.server.ts). One home, so the three
 * forms behave alike with or without JavaScript.
 */
import { citiesOf, findCity, isState } from "#core/ibge/index.ts";
import { maskCep } from "#core/masks.ts";
import { CEP_FAILURE_FIELD, CEP_NOT_FOUND_FIELD, type CepFailure } from "./address-fields.tsx";
import { lookupCep } from "./cep.server.ts";

/** The cities of a state for the city select (IBGE), none for an unknown state. */
export const citiesFor = (state: string): string[] => (isState(state) ? citiesOf(state).map((city) => city.nome) : []);

/** The city's IBGE spelling when it belongs to the state, else empty (the state changed). */
export const cityIn = (state: string, city: string): string => (city ? (findCity(state, city)?.nome ?? "") : "");

/** How a form names its address fields: the customer forms in English, the student wizard in Portuguese. */
export interface AddressFieldNames<K extends string> {
  zipcode: K;
  state: K;
  city: K;
  neighborhood: K;
  street: K;
}

export const CUSTOMER_ADDRESS = {
  zipcode: "zipcode",
  state: "state",
  city: "city",
  neighborhood: "neighborhood",
  street: "street",
} as const satisfies AddressFieldNames<string>;

export const WIZARD_ADDRESS = {
  zipcode: "cep",
  state: "estado",
  city: "cidade",
  neighborhood: "bairro",
  street: "rua",
} as const satisfies AddressFieldNames<string>;

const digits = (value: string) => value.replace(/\D/g, "");

/** The form says the lookup of its current CEP failed, and how: state and city stay lists. */
export function cepStillNotFound(formData: FormData, cep: string, prefix = ""): CepFailure {
  const notFound = digits(String(formData.get(`${prefix}${CEP_NOT_FOUND_FIELD}`) ?? ""));
  if (notFound.length !== 8 || notFound !== digits(cep)) return false;
  return formData.get(`${prefix}${CEP_FAILURE_FIELD}`) === "unavailable" ? "unavailable" : "unknown";
}

/**
 * The "Buscar" answer: the values with the address of their CEP filled in (a street or
 * neighbourhood the lookup does not know keeps what was typed), or as typed with
 * cepNotFound ("unknown" or "unavailable") when a well-formed CEP was not found: the form says
 * so and state and city become lists (docs/decisions/0025). A malformed CEP looks nothing up.
 */
export async function withLookedUpAddress<K extends string, V extends Record<K, string>>(
  values: V,
  names: AddressFieldNames<K>,
): Promise<{ values: V; found: boolean; cepNotFound: CepFailure }> {
  const cep = values[names.zipcode];
  if (digits(cep).length !== 8) return { values, found: false, cepNotFound: false };
  const lookup = await lookupCep(cep);
  if ("failure" in lookup) return { values, found: false, cepNotFound: lookup.failure };
  const { address } = lookup;
  const filled = {
    ...values,
    [names.zipcode]: maskCep(address.cep),
    [names.state]: address.state,
    [names.city]: findCity(address.state, address.city)?.nome ?? address.city,
    [names.neighborhood]: address.neighborhood || values[names.neighborhood],
    [names.street]: address.street || values[names.street],
  };
  return { values: filled, found: true, cepNotFound: false };
}

/**
 * Before a save: state and city are read-only, filled by the CEP (spec §5), so a CEP the
 * lookup finds decides them, whatever the form sent (a forged pair, or a CEP changed without
 * "Buscar"). Sets them in the form data to be parsed; cepNotFound when the lookup failed, and
 * then the state and city chosen from the lists stand (still checked against each other).
 */
export async function settleStateAndCity<K extends string>(
  formData: FormData,
  names: AddressFieldNames<K>,
  prefix = "",
): Promise<{ cepNotFound: CepFailure }> {
  const field = (name: K) => `${prefix}${name}`;
  const cep = String(formData.get(field(names.zipcode)) ?? "");
  if (digits(cep).length !== 8) return { cepNotFound: false };
  const lookup = await lookupCep(cep);
  if ("failure" in lookup) return { cepNotFound: lookup.failure };
  const { address } = lookup;
  formData.set(field(names.state), address.state);
  formData.set(field(names.city), findCity(address.state, address.city)?.nome ?? address.city);
  return { cepNotFound: false };
}

/** After the state select changed: the city stays only if it belongs to the new state. */
export function withCityOfChosenState<K extends string, V extends Record<K, string>>(
  values: V,
  names: AddressFieldNames<K>,
): V {
  return { ...values, [names.city]: cityIn(values[names.state], values[names.city]) };
}
