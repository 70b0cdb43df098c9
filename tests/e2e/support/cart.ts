import { expect, type Locator, type Page } from "@playwright/test";
import { expectAnnounced } from "./announcements.ts";
import { demoBirthDate } from "./data.ts";

export function cartPanel(page: Page) {
  return page.getByRole("dialog", { name: "Carrinho de compras" });
}

/** The header's item count (desktop or mobile header, whichever is on screen). */
export function cartCount(page: Page) {
  return page.getByTestId("cart-count").filter({ visible: true });
}

/** On a product page, logged in: Comprar → Lista de alunos → the already linked student with this RA → Confirmar. */
export async function buyForLinkedStudent(page: Page, ra: string) {
  await page.getByTestId("buy-button").click();
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  await studentRadio(page, ra).check();
  await page.getByRole("button", { name: "Confirmar" }).click();
}

/** The link modal's list (a radio group): the radio of the linked student with this RA. */
export function studentRadio(scope: Page | Locator, ra: string) {
  return scope
    .getByTestId("student-card")
    .filter({ hasText: `RA: ${ra}` })
    .getByRole("radio");
}

/** The link modal's list: the card of the student whose radio is chosen. */
export function chosenStudent(scope: Page | Locator) {
  return scope.locator("[data-testid=student-card]:has(input[type=radio]:checked)");
}

/** From the list of linked students to the way to add one (by RA, or without RA): its own button. */
export async function openAddStudent(scope: Page | Locator) {
  await scope.getByRole("link", { name: /adicionar novo aluno/i }).click();
}

/** The link modal (spec §2), which asks who the item is for. */
export function linkModal(page: Page) {
  return page.getByRole("dialog", { name: /para qual estudante é este item/i });
}

/** The consent checkbox of linking by RA and of the new-student wizard (LGPD art. 14). */
export function studentConsent(scope: Page | Locator) {
  return scope.getByRole("checkbox", { name: /autorizo a Loja Escolar a guardar os dados/ });
}

/** Fills "Adicionar" by RA: the RA, the student's birth date (the demo one unless given) and the consent. */
export async function fillRaLink(
  scope: Page | Locator,
  ra: string,
  { birthDate = demoBirthDate(ra), consent = true }: { birthDate?: string; consent?: boolean } = {},
) {
  await scope.getByPlaceholder("Digite o RA do aluno").fill(ra);
  await scope.getByLabel("Data de nascimento do aluno", { exact: true }).fill(birthDate);
  if (consent) await studentConsent(scope).check();
}

/** On a product page, logged in: Comprar → Lista de alunos → link the student with this RA; they become the chosen one. */
export async function linkStudentByRa(page: Page, ra: string) {
  await page.getByTestId("buy-button").click();
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  await openAddStudent(page);
  await fillRaLink(page, ra);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(page)).toContainText(`RA: ${ra}`);
  await expectAnnounced(page, "Estudante vinculado(a)!", { type: "success" });
}

/** On a product page, logged in: links the student with this RA and buys the item for them. */
export async function buyForNewRa(page: Page, ra: string) {
  await linkStudentByRa(page, ra);
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expectAddedToCart(page, `RA ${ra}`);
}

/** On a product page, logged in: Comprar → "Sou aluno" (the item is for the customer). */
export async function buyForMyself(page: Page) {
  await page.getByTestId("buy-button").click();
  await page.getByRole("button", { name: /Sou aluno/ }).click();
}

/** The cart panel opened on the bag (its student's name, or RA) that received the item, and the toast said so. */
export async function expectAddedToCart(page: Page, bag: string) {
  await expect(cartPanel(page).getByTestId("cart-bag").filter({ hasText: bag })).toBeVisible();
  await expectAnnounced(page, "Item adicionado ao carrinho!", { type: "success" });
}
