import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { RegistrationPayload } from "#api/contract/accounts.ts";
import { issueToken } from "#api/accounts/tokens.ts";
import { registrationPayload } from "#tests/fixtures/customers.ts";
import { expectAnnounced } from "./announcements.ts";
import { uniqueEmail } from "./data.ts";
import { dialogReady } from "./pages.ts";
import { withStoreDatabase } from "./server-side.ts";

export type NewCustomer = RegistrationPayload;

/** The store API's refusal of a common or easily guessed password (api/accounts/password-strength.ts). */
export const WEAK_PASSWORD =
  "Senha fácil de adivinhar. Evite sequências, repetições, palavras comuns e partes do seu nome ou e-mail.";

/** What the store API answers a login with (POST /api/accounts/auth-customer). */
export interface CustomerAuth {
  token: string;
  customer: { id: string; name: string; email: string; avatar: string | null };
}

/** A customer with the token of an API login: what a test needs to call the store API as them. */
export interface ApiCustomer extends NewCustomer {
  id: string;
  token: string;
  /** The Authorization header for the store API. */
  headers: { authorization: string };
}

/** A new customer created through the public store API; `overrides` change the valid payload. */
export async function createCustomer(
  request: APIRequestContext,
  overrides: Partial<NewCustomer> = {},
): Promise<NewCustomer> {
  const payload = registrationPayload({ email: uniqueEmail("cliente"), ...overrides });
  const response = await request.post("/api/customers/create-customer", { data: payload });
  expect(response.status(), await response.text()).toBe(201);
  return payload;
}

/** The store API's login, as the storefront's login action calls it. */
export async function authenticate(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<CustomerAuth> {
  const response = await request.post("/api/accounts/auth-customer", {
    data: { email: credentials.email, password: credentials.password, storeId: 1 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).auth;
}

/**
 * A customer (new unless given, created through the store API) with a bearer token issued in the
 * store's database by the API's own issueToken, as its login issues one, and its reply's `auth`.
 * Not through the login itself: its password check costs the server a tenth of a second of CPU
 * (db/password-cost.ts) in every test that signs in; the login is tested by the API's tests,
 * login.spec.ts (`authenticate`) and the modal (logInThroughModal). `baseURL`: the store `request`
 * talks to, when the spec chose another (withStoreDatabase).
 */
export async function apiCustomer(
  request: APIRequestContext,
  customer?: NewCustomer,
  baseURL?: string,
): Promise<ApiCustomer & { auth: CustomerAuth }> {
  const created = customer ?? (await createCustomer(request));
  const auth = await withStoreDatabase(async (db) => {
    // What the login's reply says of the customer, and what the session keeps (commitCustomerSession).
    const customer = await db
      .selectFrom("customers")
      .select(["id", "name", "email", "avatar"])
      .where("store_id", "=", 1)
      .where("email", "=", created.email)
      .executeTakeFirstOrThrow();
    return { token: await issueToken(db, customer.id, new Date()), customer };
  }, baseURL);
  return {
    ...created,
    id: auth.customer.id,
    token: auth.token,
    headers: { authorization: `Bearer ${auth.token}` },
    auth,
  };
}

/** The header's login icon (desktop or mobile, whichever is on screen). */
export function loginIcon(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Fazer login ou registrar" }).filter({ visible: true });
}

export function accountModal(page: Page) {
  return page.getByRole("dialog").filter({ has: page.getByRole("navigation", { name: "Entrar ou registrar" }) });
}

/** The account modal, on screen and (with JavaScript) hydrated: its own chunk hydrates after the page. */
export function modalReady(page: Page, js: boolean) {
  return dialogReady(accountModal(page), js);
}

/** The logged-in customer's menu in the header (desktop or mobile, whichever is on screen). */
export function accountMenu(page: Page) {
  return page.getByTestId("account-menu").filter({ visible: true });
}

/** What stays once a login went through: the header shows the customer's menu, named after them. */
export async function expectLoggedIn(page: Page, name: string) {
  const firstName = name.split(" ")[0]!;
  await expect(accountMenu(page).getByLabel(`Conta de ${firstName}`)).toBeVisible();
  await expect(loginIcon(page)).toHaveCount(0);
}

/**
 * Logs in through the account modal, as a person would. Only the tests about logging in use
 * it; every other test signs in with the `logIn` fixture (a session cookie, no modal).
 */
export async function logInThroughModal(
  page: Page,
  customer: { email: string; password: string; name: string },
  js: boolean,
) {
  await loginIcon(page).click();
  const modal = await modalReady(page, js);
  await modal.getByLabel("E-mail").fill(customer.email);
  await modal.getByLabel("Senha", { exact: true }).fill(customer.password);
  await modal.getByRole("button", { name: "Acessar" }).click();
  await expectLoggedIn(page, customer.name);
  await expectAnnounced(page, "Usuário logado com sucesso!", { type: "success" });
}
