/**
 * A full class's waiting list (issue 28, docs/decisions/0070-waiting-list.md), with JavaScript and
 * without: joining on the product page, and the offer's link when a seat frees. Each test makes
 * its own full course (tests/e2e/support/stock.ts), so its line is no other test's.
 */
import { expect as pollExpect } from "@playwright/test";
import { cartPanel, linkModal } from "./support/cart.ts";
import { expect, test } from "./support/fixtures.ts";
import { messagesTo, linkIn } from "./support/mailbox.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct, setPiecesLeft } from "./support/stock.ts";

const fullCourse = () => ownProduct({ type: "S", title: "Curso Lotado", seats: { capacity: 12, available: 0 } });

/** The course's line as the store keeps it: e-mail and status, first first. */
const lineOf = (itemTotvsId: number) =>
  withStoreDatabase((db) =>
    db
      .selectFrom("waiting_list_entries")
      .select(["email", "status"])
      .where("item_totvs_id", "=", itemTotvsId)
      .orderBy("position")
      .execute(),
  );

test("a visitor joins a full class's waiting list with an e-mail and consent", async ({ page, visit, js }) => {
  const course = await fullCourse();
  await visit(course.path);
  await expect(page.getByTestId("class-full")).toHaveText("Turma lotada");
  const form = page.getByRole("region", { name: "Entrar na lista de espera" });
  await expect(form.locator("form#lista-de-espera")).toBeVisible();
  const email = `espera.${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByRole("button", { name: "Entrar na lista de espera" }).click();
  // No consent: refused with its message, what was typed kept (in place, or on /lista-de-espera).
  await expect(page.getByText("Marque a autorização para receber o e-mail da vaga.")).toBeVisible();
  const again = page.getByRole("region", { name: "Entrar na lista de espera" });
  await expect(again.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  expect(await lineOf(course.itemTOTVSId)).toEqual([]);
  await again.getByRole("checkbox").check();
  await expect(again.getByRole("checkbox")).toBeChecked();
  await again.getByRole("button", { name: "Entrar na lista de espera" }).click();
  await expect(page).toHaveURL(new RegExp(`${course.path}$`));
  await pollExpect.poll(() => lineOf(course.itemTOTVSId)).toEqual([{ email, status: "waiting" }]);
  if (!js) await expect(page.getByTestId("class-full")).toBeVisible();
});

test("a freed seat's e-mail link keeps it for the parent, who puts it in the cart", async ({ page, visit, logIn }) => {
  test.setTimeout(90_000);
  const course = await fullCourse();
  const parent = await logIn();
  await visit(course.path);
  const form = page.locator("form#lista-de-espera");
  await expect(form).toContainText(parent.email);
  await form.getByRole("button", { name: "Entrar na lista de espera" }).click();
  await pollExpect.poll(() => lineOf(course.itemTOTVSId)).toEqual([{ email: parent.email, status: "waiting" }]);

  // A seat frees (the gestor raises the class by one): it is held for the parent, not free.
  await setPiecesLeft(course.itemTOTVSId, 1);
  expect(await lineOf(course.itemTOTVSId)).toEqual([{ email: parent.email, status: "offered" }]);
  await visit(course.path);
  await expect(page.getByTestId("class-full")).toBeVisible();

  // The outbox's worker sends within its poll (15 s).
  let offers: Awaited<ReturnType<typeof messagesTo>> = [];
  await pollExpect
    .poll(async () => (offers = await messagesTo(parent.email)).length, { timeout: 40_000 })
    .toBeGreaterThan(0);
  const offer = offers.at(-1)!;
  expect(offer.subject).toBe(`Abriu uma vaga: ${course.title} - Loja Escolar`);
  const link = new URL(linkIn(offer, "http"));
  expect(link.pathname).toMatch(/^\/lista-de-espera\/[A-Za-z0-9_-]+$/);

  await visit(link.pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abriu uma vaga para você");
  await expect(page.getByTestId("offer-deadline")).toContainText("reservada para você até");
  await page.getByRole("button", { name: "Garantir a vaga" }).click();
  // The product page's student choice, as "Comprar" opens it.
  await expect(linkModal(page)).toBeVisible();
  await linkModal(page)
    .getByRole("button", { name: /Sou aluno/ })
    .click();
  const line = cartPanel(page).getByTestId("cart-line").filter({ hasText: course.title });
  await expect(line).toBeVisible();
  // The held seat is theirs: the line is not sold out.
  await expect(line).not.toContainText("esgot", { ignoreCase: true });
});

test("an offer link nobody was sent shows that it is not valid", async ({ page }) => {
  const response = await page.goto(`/lista-de-espera/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
});
