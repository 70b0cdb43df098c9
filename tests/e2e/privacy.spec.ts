import fs from "node:fs";
import type { Page } from "@playwright/test";
import { accountModal, loginIcon, modalReady } from "./support/accounts.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { expect, test } from "./support/fixtures.ts";
import { dialogReady } from "./support/pages.ts";

const ACCOUNT_DELETED = "Sua conta foi excluída e seus dados pessoais foram apagados.";
const WRONG_PASSWORD = "Senha incorreta. Sua conta não foi excluída.";

const privacySection = (page: Page) => page.getByRole("region", { name: "Privacidade e dados" });
const deletionDialog = (page: Page) => page.getByRole("dialog", { name: "Excluir minha conta" });

/** What the privacy page must say (LGPD): who, what, why, for how long, with whom, and how to ask. */
async function expectPrivacyPolicy(page: Page) {
  await expect(page).toHaveURL(/\/privacidade$/);
  const policy = page.getByRole("article", { name: "Política de Privacidade" });
  await expect(policy.getByRole("heading", { name: "Política de Privacidade", level: 1 })).toBeVisible();
  await expect(policy.getByRole("region", { name: "Quem cuida dos seus dados" })).toContainText(
    "Rede Saber Educação Ltda., CNPJ 12.345.678/0001-95",
  );
  const kept = policy.getByRole("region", { name: "O que guardamos, por quê e por quanto tempo" });
  await expect(kept).toContainText("Dados dos estudantes vinculados");
  await expect(kept).toContainText("art. 14, § 1º");
  await expect(kept).toContainText("5 anos");
  await expect(policy.getByRole("region", { name: "Com quem compartilhamos" })).toContainText(
    "Processador de pagamento",
  );
  await expect(policy.getByRole("region", { name: "Seus direitos" })).toContainText("portabilidade");
  const howToAsk = policy.getByRole("region", { name: "Como pedir" });
  await expect(howToAsk).toContainText("baixar seus dados");
  await expect(howToAsk.getByRole("link", { name: "atendimento@lojaescolar.com.br" })).toHaveAttribute(
    "href",
    "mailto:atendimento@lojaescolar.com.br",
  );
}

test("the footer leads to the privacy policy", async ({ page, visit }) => {
  await visit("/");
  await page.locator("footer").getByRole("link", { name: "Política de Privacidade" }).click();
  await expectPrivacyPolicy(page);
});

test("the sign-up links to the privacy policy in a new tab, keeping what was typed", async ({ page, js, visit }) => {
  await visit("/?conta=registrar");
  const modal = await modalReady(page, js);
  await modal.getByLabel("Nome completo").fill("Fernanda Cavalcanti Lima");
  const [policy] = await Promise.all([
    page.waitForEvent("popup"),
    modal.getByRole("link", { name: "Política de Privacidade" }).click(),
  ]);
  await expectPrivacyPolicy(policy);
  await expect(accountModal(page).getByLabel("Nome completo")).toHaveValue("Fernanda Cavalcanti Lima");
});

test("'Baixar meus dados' downloads a JSON of the customer's own data, without secrets", async ({
  page,
  request,
  logIn,
  visit,
}) => {
  const customer = await logIn();
  await visit("/conta");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    privacySection(page).getByRole("link", { name: "Baixar meus dados" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^meus-dados-loja-escolar-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  const { customer: kept, students, sales, sessions } = JSON.parse(text);
  expect(kept).toMatchObject({ id: customer.id, email: customer.email, name: customer.name });
  expect(kept.cpf).toBe(customer.cpf.replace(/\D/g, ""));
  expect(students).toEqual([]);
  expect(sales).toEqual([]);
  expect(sessions.length).toBeGreaterThan(0);
  expect(text).not.toContain(customer.password);
  expect(text).not.toContain(customer.token);
  // The page stays where it was.
  await expect(page).toHaveURL(/\/conta$/);

  // A visitor gets no file: /conta's guard sends them home.
  const anonymous = await request.get("/conta/meus-dados", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toBe("/");
});

test("'Excluir minha conta' refuses a wrong password, then deletes the account and logs out", async ({
  page,
  request,
  js,
  logIn,
  visit,
}) => {
  const customer = await logIn();
  await visit("/conta");
  await privacySection(page).getByRole("link", { name: "Excluir minha conta" }).click();
  let dialog = await dialogReady(deletionDialog(page), js);

  await dialog.getByLabel("Confirme com sua senha", { exact: true }).fill("senhaErrada9");
  await dialog.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(deletionDialog(page).getByRole("alert")).toHaveText(WRONG_PASSWORD);
  dialog = await dialogReady(deletionDialog(page), js);
  await expect(dialog.getByLabel("Confirme com sua senha", { exact: true })).toHaveValue("");
  // Nothing changed: the account still logs in.
  const stillThere = await request.post("/api/accounts/auth-customer", {
    data: { email: customer.email, password: customer.password, storeId: 1 },
  });
  expect(stillThere.status()).toBe(200);

  await dialog.getByLabel("Confirme com sua senha", { exact: true }).fill(customer.password);
  await dialog.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(loginIcon(page)).toBeVisible();
  await expectAnnounced(page, ACCOUNT_DELETED, { type: "success" });

  await page.goto("/conta");
  await expect(page).toHaveURL(/\/$/);
  const login = await request.post("/api/accounts/auth-customer", {
    data: { email: customer.email, password: customer.password, storeId: 1 },
  });
  expect(login.status()).toBe(401);
});
