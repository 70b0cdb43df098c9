/**
 * The server side of every address group (sign-up, /conta's profile, the new-student
 * wizard's student and responsible steps): type a CEP, get the address, re-render the
 * form with what was typed (app/.server/form-reply.server.ts). One home, so the three
 * forms behave alike with or without JavaScript.
 */
import { citiesOf, findCity, isState } from "#app/lib/ibge/index.ts";
import { maskCep } from "#app/lib/masks.ts";
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

/**
 * The values with the address of their CEP filled in, or null when the CEP is not found
 * (spec §8: a failed lookup is silent; state and city stay selectable). A street or
 * neighbourhood the lookup does not know keeps what was typed.
 */
export async function withLookedUpAddress<K extends string, V extends Record<K, string>>(
  values: V,
  names: AddressFieldNames<K>,
): Promise<V | null> {
  const address = await lookupCep(values[names.zipcode]);
  if (!address) return null;
  return {
    ...values,
    [names.zipcode]: maskCep(address.cep),
    [names.state]: address.state,
    [names.city]: findCity(address.state, address.city)?.nome ?? address.city,
    [names.neighborhood]: address.neighborhood || values[names.neighborhood],
    [names.street]: address.street || values[names.street],
  };
}

/** After the state select changed: the city stays only if it belongs to the new state. */
export function withCityOfChosenState<K extends string, V extends Record<K, string>>(
  values: V,
  names: AddressFieldNames<K>,
): V {
  return { ...values, [names.city]: cityIn(values[names.state], values[names.city]) };
}
