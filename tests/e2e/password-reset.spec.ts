import type { Page } from "@playwright/test";
import { createCustomer } from "./support/accounts.ts";
import { announcement, expectAnnounced } from "./support/announcements.ts";
import { uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { latestMessageTo, linkIn } from "./support/mailbox.ts";
import { waitForHydration } from "./support/pages.ts";

const LINK_SENT = "Link de recuperação da senha enviado ao email cadastrado";
const RESET_DONE = "Senha redefinida com sucesso! Faça login com a nova senha.";

async function askForLink(page: Page, email: string) {
  // Scoped to the page: the footer's newsletter form has an e-mail field too.
  const main = page.locator("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByRole("button", { name: "Enviar link" }).click();
}

test("a customer gets a link by e-mail, sets a new password with it, and the link then says it was used", async ({
  page,
  request,
  visit,
  js,
  baseURL,
}) => {
  const customer = await createCustomer(request);
  const { email } = customer;

  await visit("/resetar-senha");
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
  await askForLink(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectAnnounced(page, LINK_SENT, { type: "success" });

  const message = await latestMessageTo(email);
  expect(message.subject).toBe("Redefinição de senha da Loja Escolar");
  const link = linkIn(message, `${baseURL}/resetar-senha/`);

  const opened = await page.goto(link);
  // The token must never reach another site through the Referer header, nor be cached or indexed.
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await waitForHydration(page, js);

  // Different passwords first: the spec's message, and the link is still good afterwards.
  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha456");
  await page.getByLabel("Confirme a nova senha").fill("outraSenha789");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senhas não correspondem")).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha456");
  await page.getByLabel("Confirme a nova senha").fill("novaSenha456");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/\?conta=entrar$/);
  await expectAnnounced(page, RESET_DONE, { type: "success" });

  // The new password works and the old one no longer does.
  const withNew = await request.post("/api/accounts/auth-customer", {
    data: { email, password: "novaSenha456", storeId: 1 },
  });
  expect(withNew.status()).toBe(200);
  const withOld = await request.post("/api/accounts/auth-customer", {
    data: { email, password: customer.password, storeId: 1 },
  });
  expect(withOld.status()).toBe(401);

  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByText("Este link de recuperação já foi usado.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar nova senha" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute("href", "/resetar-senha");
});

test("a short e-mail is refused with Email incompleto and stays in the field", async ({ page, visit }) => {
  await visit("/resetar-senha");
  await askForLink(page, "a@b.com");
  await expect(page.getByText("Email incompleto")).toBeVisible();
  await expect(page.locator("main").getByLabel("E-mail")).toHaveValue("a@b.com");
  await expect(announcement(page, LINK_SENT)).toHaveCount(0);
});

test("an unknown e-mail gets the same answer as a customer's (no account discovery)", async ({ page, visit }) => {
  await visit("/resetar-senha");
  await askForLink(page, uniqueEmail("senha"));
  await expect(page).toHaveURL(/\/$/);
  await expectAnnounced(page, LINK_SENT, { type: "success" });
});

test("a link that does not exist says so and offers a new one", async ({ page, visit }) => {
  await visit("/resetar-senha/link-que-nao-existe-0123456789abcdef");
  await expect(page.getByText("Link de recuperação inválido.")).toBeVisible();
  await expect(page.getByLabel("Nova senha", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(page).toHaveURL(/\/resetar-senha$/);
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
});

test("the forms refuse a post without the CSRF token", async ({ request }) => {
  const forged = await request.post("/resetar-senha", { form: { email: "alguem@exemplo.com.br" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  const forgedReset = await request.post("/resetar-senha/link-que-nao-existe-0123456789abcdef", {
    form: { password: "novaSenha456", passwordConfirmation: "novaSenha456" },
    maxRedirects: 0,
  });
  expect(forgedReset.status()).toBe(403);
});

test("from the account modal: Esqueci a senha asks for the link and the shopper stays on the page", async ({
  page,
  request,
  visit,
  js,
}) => {
  const { email } = await createCustomer(request);
  await visit("/faq?conta=entrar");
  await page.getByRole("dialog").getByRole("link", { name: "Esqueci a senha" }).click();
  await expect(page).toHaveURL(/\/faq\?conta=esqueci-a-senha$/);
  const dialog = page.getByRole("dialog", { name: "Recuperar senha" });
  if (js) await expect(dialog).toHaveAttribute("data-interactive", "true");

  // A short e-mail: the message in the modal with JavaScript, on the /resetar-senha page without.
  await dialog.getByLabel("E-mail").fill("a@b.com");
  await dialog.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText("Email incompleto")).toBeVisible();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("a@b.com");
  await expect(page).toHaveURL(js ? /\/faq\?conta=esqueci-a-senha$/ : /\/resetar-senha$/);

  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  // Back where the modal was opened, without it.
  await expect(page).toHaveURL(/\/faq$/);
  await expectAnnounced(page, LINK_SENT, { type: "success" });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await latestMessageTo(email)).subject).toBe("Redefinição de senha da Loja Escolar");
});

test("Voltar para o login opens the login tab", async ({ page, visit }) => {
  await visit("/faq?conta=esqueci-a-senha");
  await page
    .getByRole("dialog", { name: "Recuperar senha" })
    .getByRole("link", { name: "Voltar para o login" })
    .click();
  await expect(page).toHaveURL(/\/faq\?conta=entrar$/);
  await expect(page.getByRole("dialog").getByRole("button", { name: "Acessar" })).toBeVisible();
});
