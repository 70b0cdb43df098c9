import {
  accountMenu,
  accountModal,
  authenticate,
  createCustomer,
  logInThroughModal,
  loginIcon,
  modalReady,
} from "./support/accounts.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectNoticeThenHome, holdClock, noticeDocument, pauseClock } from "./support/leaving.ts";

test("a customer logs in from the header, stays on the page, and logs out @purchase", async ({
  page,
  visit,
  request,
  js,
}) => {
  const customer = await createCustomer(request);
  await visit("/faq");
  await logInThroughModal(page, customer, js);
  await expect(page).toHaveURL(/\/faq$/);
  await expect(accountModal(page)).toHaveCount(0);
  await expect(loginIcon(page)).toHaveCount(0);

  const menu = accountMenu(page);
  await menu.locator("summary").click();
  await expect(menu.getByText("Olá, Fernanda")).toBeVisible();
  await expect(menu.getByText(customer.email)).toBeVisible();
  for (const [name, href] of [
    ["Minha Conta", "/conta"],
    ["Compra Rápida", "/compra-rapida"],
    ["Atendimento", "/atendimento"],
  ] as const) {
    await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await menu.getByRole("button", { name: "Sair" }).click();
  await expect(loginIcon(page)).toBeVisible();
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/$/);
});

test("empty login fields give the spec's message", async ({ page, visit, js }) => {
  await visit("/?conta=entrar");
  const modal = await modalReady(page, js);
  await modal.getByRole("button", { name: "Acessar" }).click();
  await expect(page.getByText("Preencha as informações de login para prosseguir").first()).toBeVisible();
});

test("a wrong password shows the API's message in a red toast and keeps the e-mail", async ({
  page,
  visit,
  request,
  js,
}) => {
  const customer = await createCustomer(request);
  await visit("/faq?conta=entrar");
  const modal = await modalReady(page, js);
  await modal.getByLabel("E-mail").fill(customer.email);
  await modal.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await modal.getByRole("button", { name: "Acessar" }).click();
  await expectAnnounced(page, "E-mail ou senha incorretos.", { type: "error" });
  await expect(accountModal(page).getByLabel("E-mail")).toHaveValue(customer.email);
  await expect(loginIcon(page)).toBeVisible();
});

test("the modal has both tabs and closes back to the page", async ({ page, visit, js }) => {
  await visit("/faq");
  await loginIcon(page).click();
  const modal = await modalReady(page, js);
  await expect(modal.getByText("Acompanhe o status dos seus pedidos")).toBeVisible();
  await modal.getByRole("link", { name: "Registrar" }).click();
  await expect(accountModal(page).getByRole("heading", { name: "Dados de acesso" })).toBeVisible();
  await accountModal(page).getByRole("link", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/faq$/);
});

test("a login post without the CSRF token is refused with 403", async ({ request }) => {
  const response = await request.post("/entrar", {
    form: { email: "demo@lojaescolar.com.br", password: "demo1234" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("a session whose token the API revoked ends with the expiry message", async ({
  page,
  visit,
  request,
  logIn,
  js,
}) => {
  const customer = await logIn();
  // The expiry page goes home by itself after 2 s (spec §8): with JavaScript the test holds the
  // page's clock, so that it reads the message before that on any machine, then lets the 2 s pass.
  await holdClock(page, js);
  await visit("/faq");
  await expect(accountMenu(page)).toBeVisible();
  // Another device changes the password: every token, this browser's too, is revoked.
  const elsewhere = await authenticate(request, customer);
  const changed = await request.put(`/api/customers/update-customers-password/${customer.id}/store/1`, {
    headers: { authorization: `Bearer ${elsewhere.token}` },
    data: { currentPassword: customer.password, newPassword: "novasenha1", passwordConfirmation: "novasenha1" },
  });
  expect(changed.status()).toBe(200);
  const document = js ? null : noticeDocument(page, "/sessao-expirada");
  await pauseClock(page, js);
  await page.getByRole("contentinfo").getByRole("link", { name: "Minha Conta" }).click();
  const message = "Sua sessão expirou, você será redirecionado para a página principal.";
  // The message, on the expiry page, until the 2 s are over (with or without JavaScript); then home.
  if (js) await expect(page).toHaveURL(/\/sessao-expirada$/);
  await expectNoticeThenHome(page, js, { message, seconds: 2, document });
  await expect(loginIcon(page)).toBeVisible();
});
