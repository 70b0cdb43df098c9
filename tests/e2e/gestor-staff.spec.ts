import type { Page } from "@playwright/test";
import { totpCodeAt } from "#api/gestor/staff/totp.ts";
import { expect, test } from "./support/fixtures.ts";
import { latestMessageTo, linkIn } from "./support/mailbox.ts";
import { fillFields } from "./support/pages.ts";
import { e2eEnv } from "./support/e2e-env.ts";
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
    await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  });
});
