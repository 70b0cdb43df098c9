/**
 * WhatsApp consent (issue 31; docs/decisions/0080-whatsapp-channel.md), with JavaScript and
 * without: an unticked box at sign-up, in /conta and at the checkout; /conta says since when and
 * withdraws. The e2e store has WhatsApp on (scripts/e2e-server.js).
 */
import type { Page } from "@playwright/test";
import { WHATSAPP_TEXTS } from "#api/contract/messages.ts";
import { brazilDateTime } from "#core/dates.ts";
import { accountModal, expectLoggedIn, modalReady } from "./support/accounts.ts";
import { chooseCity, lookUpUnknownCep } from "./support/address.ts";
import { newMaskedCpf, uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { fillFields } from "./support/pages.ts";
import { ownProduct } from "./support/stock.ts";

const PASSWORD = "Lapis-Azul-42";

const section = (page: Page) => page.getByRole("region", { name: WHATSAPP_TEXTS.sectionTitle });
const consentBox = (scope: Page | ReturnType<typeof section>) =>
  scope.getByRole("checkbox", { name: WHATSAPP_TEXTS.consentLabel });
/** "desde dd/mm/aaaa", today in the store's time zone. */
const consentedToday = () => WHATSAPP_TEXTS.consentedSince(brazilDateTime(new Date().toISOString()).date);

async function expectConsented(page: Page) {
  await expect(section(page).getByTestId("whatsapp-state")).toContainText(consentedToday());
  await expect(section(page).getByTestId("whatsapp-state")).toContainText("(81) 9****-5432");
  await expect(consentBox(section(page))).toBeChecked();
}

async function expectNotConsented(page: Page) {
  await expect(section(page).getByTestId("whatsapp-state")).toHaveText(WHATSAPP_TEXTS.notConsented);
  await expect(consentBox(section(page))).not.toBeChecked();
}

async function save(page: Page) {
  await section(page).getByRole("button", { name: "Salvar preferência" }).click();
}

/** The three-step sign-up with the WhatsApp box ticked, up to step 3 ("Conta criada com sucesso!"). */
async function signUpWithConsent(page: Page, js: boolean, cellPhone: string) {
  let modal = await modalReady(page, js);
  await fillFields(modal, {
    "Nome completo": "Joana Maria de Albuquerque",
    "E-mail": uniqueEmail("whatsapp"),
    Senha: PASSWORD,
    "Repita a senha": PASSWORD,
  });
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();

  modal = await modalReady(page, js);
  await fillFields(modal, { CPF: newMaskedCpf(), "Data de nascimento": "1985-04-12", Celular: cellPhone });
  await lookUpUnknownCep(modal, js, "50030-230");
  await chooseCity(modal, js, { state: "PE", city: "Recife" });
  modal = await modalReady(page, js);
  await fillFields(modal, { Bairro: "Boa Vista", Rua: "Rua da Aurora", Número: "325" });
  // Unticked until the customer ticks it.
  await expect(consentBox(modal)).not.toBeChecked();
  await expect(consentBox(modal)).toHaveAccessibleDescription(WHATSAPP_TEXTS.consentHint);
  await consentBox(modal).check();
  await modal.getByRole("button", { name: "Criar conta" }).click();
  // Creating the account hashes its password, and logging in checks it: two slow steps on a busy machine.
  await expect(accountModal(page).getByRole("status").filter({ hasText: "Conta criada com sucesso!" })).toBeVisible({
    timeout: 20_000,
  });
}

test("consent ticked at sign-up shows in /conta with its date; withdrawn and given again there", async ({
  page,
  visit,
  js,
}) => {
  // The three-step sign-up, then three visits to /conta: longer than one page's test.
  test.slow();
  await visit("/faq?conta=registrar");
  await signUpWithConsent(page, js, "(81) 99876-5432");
  await accountModal(page).getByRole("button", { name: "Acessar" }).click();
  await expectLoggedIn(page, "Joana Maria de Albuquerque");

  await visit("/conta");
  await expectConsented(page);

  await consentBox(section(page)).uncheck();
  await save(page);
  await expectNotConsented(page);
  await visit("/conta");
  await expectNotConsented(page);

  await consentBox(section(page)).check();
  await save(page);
  await expectConsented(page);
});

test("consent ticked at sign-up with a number that is not a mobile: the account is made and the store API's reason shown", async ({
  page,
  visit,
  js,
}) => {
  test.slow();
  await visit("/faq?conta=registrar");
  // Eleven digits, so the sign-up takes it, but not a mobile (no 9 after the DDD): no WhatsApp.
  await signUpWithConsent(page, js, "(81) 39876-5432");
  await expect(
    accountModal(page)
      .getByRole("status")
      .filter({ hasText: WHATSAPP_TEXTS.noMobile.slice(1) }),
  ).toHaveText(
    `Não foi possível registrar o aceite do WhatsApp: c${WHATSAPP_TEXTS.noMobile.slice(1)} Você pode aceitar em Minha Conta.`,
  );
  await accountModal(page).getByRole("button", { name: "Acessar" }).click();
  await expectLoggedIn(page, "Joana Maria de Albuquerque");
  await visit("/conta");
  // Not consented, and /conta says why instead of offering the box.
  await expect(section(page).getByTestId("whatsapp-state")).toHaveText(WHATSAPP_TEXTS.notConsented);
  await expect(section(page)).toContainText(WHATSAPP_TEXTS.noMobile);
  await expect(consentBox(section(page))).toHaveCount(0);
});

test("a customer without consent ticks the box at the checkout, and /conta shows the consent", async ({
  page,
  checkout,
  visit,
}) => {
  const product = await ownProduct({ type: "P", title: "Caderno WhatsApp" });
  await checkout(product.itemTOTVSId);
  const box = consentBox(page);
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);

  await visit("/conta");
  await expectConsented(page);
});

test("the privacy policy says what WhatsApp is for, that it needs opt-in, how to withdraw and that Meta processes it", async ({
  page,
  visit,
}) => {
  await visit("/privacidade");
  const policy = page.getByRole("article", { name: "Política de Privacidade" });
  const kept = policy.getByRole("region", { name: "O que guardamos, por quê e por quanto tempo" });
  await expect(kept).toContainText("Avisos pelo WhatsApp");
  await expect(kept).toContainText("Só enviamos se você marcar a opção");
  await expect(kept).toContainText(`responda "${WHATSAPP_TEXTS.stopWord}"`);
  await expect(kept).toContainText("desmarque a opção em Minha Conta");
  await expect(policy.getByRole("region", { name: "Com quem compartilhamos" })).toContainText(
    "Meta (WhatsApp Business Platform)",
  );
});
