import type { APIRequestContext, Page } from "@playwright/test";
import { registrationPayload } from "#tests/fixtures/customers.ts";
import { expect } from "./fixtures.ts";

/** A new customer created through the public store API. */
export async function createCustomer(request: APIRequestContext) {
  const payload = registrationPayload();
  const response = await request.post("/api/customers/create-customer", { data: payload });
  expect(response.status(), await response.text()).toBe(201);
  return payload;
}

/** The header's login icon (desktop or mobile, whichever is on screen). */
export function loginIcon(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Fazer Login ou Registrar" }).filter({ visible: true });
}

export function accountModal(page: Page) {
  return page.getByRole("dialog").filter({ has: page.getByRole("navigation", { name: "Entrar ou registrar" }) });
}

/** With JavaScript, the modal's own chunk hydrates after the page: wait before typing into it. */
export async function modalReady(page: Page, js: boolean) {
  await expect(accountModal(page)).toBeVisible();
  if (js) await expect(accountModal(page)).toHaveAttribute("data-interactive", "true");
  return accountModal(page);
}

/** Logs in through the account modal, as a person would. */
export async function logInThroughModal(page: Page, email: string, password: string, js: boolean) {
  await loginIcon(page).click();
  const modal = await modalReady(page, js);
  await modal.getByLabel("E-mail").fill(email);
  await modal.getByLabel("Senha", { exact: true }).fill(password);
  await modal.getByRole("button", { name: "Acessar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuário logado com sucesso!" })).toBeVisible();
}

export function accountMenu(page: Page) {
  return page.getByTestId("account-menu").filter({ visible: true });
}
