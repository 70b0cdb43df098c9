import type { Page } from "@playwright/test";
import { totpCodeAt } from "#api/gestor/staff/totp.ts";
import { expect, test } from "./support/fixtures.ts";
import { latestMessageTo, linkIn } from "./support/mailbox.ts";
import { fillFields } from "./support/pages.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { logInStaff, STAFF_PASSWORD } from "./support/gestor.ts";
import { gestor } from "./support/server-side.ts";

const PASSWORD = "Cajueiro-em-flor-2027";
const uniqueEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@escola.test`;

async function setPassword(page: Page, visit: (path: string) => Promise<void>, link: string) {
  await visit(new URL(link).pathname);
  await fillFields(page.getByRole("main"), { "Nova senha": PASSWORD, "Confirme a nova senha": PASSWORD });
  await page.getByRole("button", { name: "Salvar senha" }).click();
  await expect(page.getByRole("heading", { name: "Entrar na área do gestor" })).toBeVisible();
}

async function logInThroughForm(page: Page, email: string) {
  await fillFields(page.getByRole("main"), { "E-mail": email, Senha: PASSWORD });
  await page.getByRole("button", { name: "Entrar" }).click();
}

const auditRows = (page: Page) => page.getByRole("table", { name: "Registros da auditoria" }).getByRole("row");

test.describe("the gestor's team", () => {
  test("first admin by command, authenticator and recovery codes; invites an atendente who cannot open Equipe; Auditoria shows it all", async ({
    page,
    visit,
  }) => {
    test.slow(); // two people's whole first days: many page loads, each a server round trip without JavaScript
    // The first admin: the command prints a one-time link.
    const adminEmail = uniqueEmail("diretora");
    const printed = gestor("create-staff", "--email", adminEmail, "--role", "admin", "--name", "Ana Diretora");
    const adminLink = /\S+\/gestor\/definir-senha\/\S+/.exec(printed)![0];
    await setPassword(page, visit, adminLink);
    await logInThroughForm(page, adminEmail);

    // An admin's first login enrols an authenticator: the secret is on the page beside its QR.
    await expect(page.getByRole("heading", { name: "Ativar verificação em duas etapas" })).toBeVisible();
    await expect(page.getByRole("img", { name: /QR Code da verificação em duas etapas/ })).toBeVisible();
    const secret = (await page.getByTestId("chave-autenticador").textContent())!.replace(/\s/g, "");
    await page.getByLabel("Código do aplicativo").fill("000000");
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect(page.getByRole("alert")).toContainText("Código inválido ou já usado.");
    await page.getByLabel("Código do aplicativo").fill(totpCodeAt(secret, new Date()));
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas ativada" })).toBeVisible();
    const codes = await page.getByTestId("codigos-recuperacao").getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole("link", { name: "Guardei os códigos, continuar" }).click();
    await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();

    // Equipe: invite an atendente; the link is e-mailed and shown once.
    const atendenteEmail = uniqueEmail("atendente");
    await page.getByRole("navigation", { name: "Área do gestor" }).getByRole("link", { name: "Equipe" }).click();
    await expect(page.getByRole("heading", { name: "Equipe" })).toBeVisible();
    await fillFields(page.getByRole("main"), { Nome: "Carlos Atendente", "E-mail": atendenteEmail });
    await page.getByLabel("Perfil").selectOption("atendimento");
    await page.getByRole("button", { name: "Convidar" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Convite enviado para ${atendenteEmail}` })).toBeVisible();
    const shownLink = (await page.getByTestId("link-convite").textContent())!;
    const invitation = await latestMessageTo(atendenteEmail);
    expect(invitation.subject).toBe("Convite para a área do gestor da Loja Escolar");
    expect(linkIn(invitation, `${e2eEnv.baseURL}/gestor/definir-senha/`)).toBe(shownLink);
    const row = page.getByRole("row").filter({ hasText: atendenteEmail });
    await expect(row).toContainText("Convite pendente");
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("heading", { name: "Entrar na área do gestor" })).toBeVisible();

    // The atendente sets a password from the e-mail, logs in without a second factor, and Equipe is refused.
    await setPassword(page, visit, shownLink);
    await logInThroughForm(page, atendenteEmail);
    await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Equipe" })).toHaveCount(0);
    await visit("/gestor/equipe");
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Seu perfil não permite acessar esta página.");
    await visit("/gestor");
    await page.getByRole("button", { name: "Sair" }).click();

    // The admin again: the code step takes a recovery code (the enrolment's TOTP step is spent).
    await logInThroughForm(page, adminEmail);
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    await page.getByLabel("Código").fill(codes[0]!);
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();

    // Auditoria: the atendente's steps, and the admin's invitation, filtered.
    await visit(`/gestor/auditoria?actor=${encodeURIComponent(atendenteEmail)}`);
    await expect(auditRows(page).filter({ hasText: "Definiu a senha do convite" })).toHaveCount(1);
    await expect(auditRows(page).filter({ hasText: "Entrou na área do gestor" })).toHaveCount(1);
    await page.getByLabel("Pessoa (e-mail ou “linha de comando”)").fill(adminEmail);
    await page.getByLabel("Ação (ou o início, como “cart.”)").fill("staff.");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(auditRows(page).filter({ hasText: `Convidou ${atendenteEmail} (Atendimento)` })).toHaveCount(1);
    await expect(auditRows(page).filter({ hasText: "Ativou a verificação em duas etapas" })).toHaveCount(1);
    await expect(auditRows(page).filter({ hasText: "Entrou com um código de recuperação (restam 9)" })).toHaveCount(1);
    await visit("/gestor/auditoria?actor=linha%20de%20comando&action=staff.invite");
    await expect(auditRows(page).filter({ hasText: `Convidou ${adminEmail} (Administrador)` })).toHaveCount(1);
  });

  test("a customer logged in to the shop is not logged in at /gestor", async ({ page, visit, logIn }) => {
    const customer = await logIn();
    await visit("/conta");
    await expect(page).toHaveURL(/\/conta$/);
    await visit("/gestor");
    await expect(page).toHaveURL(/\/gestor\/entrar\?redirectTo=%2Fgestor$/);
    await fillFields(page.getByRole("main"), { "E-mail": customer.email, Senha: customer.password });
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  });

  test("Minha conta changes the own password; an admin's deactivation ends the person's session at once", async ({
    page,
    context,
    visit,
  }) => {
    const name = `Dora ${crypto.randomUUID().slice(0, 6)}`;
    const person = await logInStaff(context, "atendimento", name);
    await visit("/gestor/minha-conta");
    await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
    await expect(page.getByText("Não ativada.")).toBeVisible();
    const passwordForm = page.getByRole("region", { name: "Trocar senha" });
    await fillFields(passwordForm, {
      "Senha atual": "Nao-e-a-senha-2026",
      "Nova senha (pelo menos 12 caracteres)": PASSWORD,
      "Confirme a nova senha": PASSWORD,
    });
    await passwordForm.getByRole("button", { name: "Trocar senha" }).click();
    await expect(passwordForm.getByRole("alert")).toHaveText("A senha atual não confere.");
    await fillFields(passwordForm, {
      "Senha atual": STAFF_PASSWORD,
      "Nova senha (pelo menos 12 caracteres)": PASSWORD,
      "Confirme a nova senha": PASSWORD,
    });
    await passwordForm.getByRole("button", { name: "Trocar senha" }).click();
    await expect(passwordForm.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
    const atendenteCookies = await context.cookies();

    // An admin, in the same browser for brevity, deactivates the person from their page.
    await logInStaff(context, "admin", "Rita Administradora");
    await visit("/gestor/equipe");
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await page.getByLabel("Confirmo a desativação (as sessões dela terminam agora)").check();
    await page.getByRole("button", { name: "Desativar" }).click();
    await expect(page.getByRole("definition").filter({ hasText: "Desativada" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reativar" })).toBeVisible();

    // The person's browser: the next page is the login.
    await context.addCookies(atendenteCookies);
    await visit("/gestor");
    await expect(page.getByRole("heading", { name: "Entrar na área do gestor" })).toBeVisible();
    await logInThroughForm(page, person.email);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  });
});
