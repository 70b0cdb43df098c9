import { expect, type Locator } from "@playwright/test";
import { KNOWN_CEPS } from "#tests/fixtures/cep-server.ts";

/**
 * Picks a state and then one of its cities: with JavaScript the city list follows the state;
 * without it, a button asks the server for the list.
 */
export async function chooseCity(
  scope: Locator,
  js: boolean,
  {
    state,
    city,
    stateLabel = "Estado",
    cityLabel = "Cidade",
    refreshButton = "Atualizar cidades",
  }: {
    state: string;
    city: string;
    stateLabel?: string;
    cityLabel?: string;
    refreshButton?: string;
  },
) {
  await scope.getByLabel(stateLabel, { exact: true }).selectOption(state);
  if (!js) await scope.getByRole("button", { name: refreshButton, exact: true }).click();
  await expect(
    scope.getByLabel(cityLabel, { exact: true }).getByRole("option", { name: city, exact: true }),
  ).toHaveCount(1);
  await scope.getByLabel(cityLabel, { exact: true }).selectOption(city);
}

/**
 * Types a CEP the ViaCEP double knows and asks for it (with JavaScript, by leaving the field;
 * without, with Buscar CEP); then state, city, neighbourhood and street are the double's,
 * the state is read-only and the number has the focus.
 */
export async function lookUpKnownCep(scope: Locator, js: boolean) {
  const cep = "51021-000";
  const address = KNOWN_CEPS[cep.replace("-", "")]!;
  await scope.getByLabel("CEP", { exact: true }).fill(cep);
  if (js) await scope.getByLabel("CEP", { exact: true }).blur();
  else await scope.getByRole("button", { name: "Buscar CEP" }).click();
  await expect(scope.getByLabel("Estado", { exact: true })).toHaveValue(address.uf);
  await expect(scope.getByLabel("Estado", { exact: true })).toHaveAttribute("readonly", "");
  await expect(scope.getByLabel("Cidade", { exact: true })).toHaveValue(address.localidade);
  await expect(scope.getByLabel("Bairro")).toHaveValue(address.bairro);
  await expect(scope.getByLabel("Rua")).toHaveValue(address.logradouro);
  await expect(scope.getByLabel("Número")).toBeFocused();
}

/**
 * Types a CEP the ViaCEP double does not know and asks for it: state and city, read-only until
 * then (spec §5), become lists (docs/decisions/0025), ready for chooseCity.
 */
export async function lookUpUnknownCep(scope: Locator, js: boolean, cep = "12345-678") {
  await expect(scope.getByRole("textbox", { name: "Estado", exact: true })).toHaveAttribute("readonly", "");
  await expect(scope.getByRole("textbox", { name: "Cidade", exact: true })).toHaveAttribute("readonly", "");
  await scope.getByLabel("CEP", { exact: true }).fill(cep);
  if (js) await scope.getByLabel("CEP", { exact: true }).blur();
  else await scope.getByRole("button", { name: "Buscar CEP" }).click();
  await expect(scope.getByRole("combobox", { name: "Estado", exact: true })).toBeVisible();
  await expect(scope.getByLabel("CEP", { exact: true })).toHaveValue(cep);
  await expect(scope.getByRole("status").filter({ hasText: CEP_UNKNOWN })).toBeVisible();
}

/** What the form says under a CEP the lookup does not know, and under one it could not look up. */
export const CEP_UNKNOWN = /Não encontramos este CEP\. Confira o número ou preencha o endereço/;
export const CEP_UNAVAILABLE = /A busca do endereço pelo CEP não respondeu agora\. Preencha o endereço/;
