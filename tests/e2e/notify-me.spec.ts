/**
 * "Avise-me quando chegar" on the product page (issue 28, docs/decisions/0069), with JavaScript
 * and without, desktop and phone: a visitor's address with consent, a customer's own, and the one
 * e-mail when the size returns. Each test makes its own product (tests/e2e/support/stock.ts).
 */
import type { Page } from "@playwright/test";
import { STOCK_ALERT_MESSAGES } from "#api/contract/stock-alerts.ts";
import { expect, test } from "./support/fixtures.ts";
import { messagesTo } from "./support/mailbox.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct, setPiecesLeft } from "./support/stock.ts";

const notifyMe = (page: Page) => page.getByRole("region", { name: "Avise-me quando chegar" });
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;

/** The alerts kept for `email`: item code, and whether their e-mail went. */
const alertsOf = (email: string) =>
  withStoreDatabase((db) =>
    db
      .selectFrom("stock_alerts")
      .select(["item_totvs_id", "notified_at"])
      .where("email", "=", email)
      .execute()
      .then((rows) => rows.map((row) => ({ item: row.item_totvs_id, sent: row.notified_at !== null }))),
  );

/** The mailbox's messages to `email` once the outbox's worker (a 15 s poll) has sent them. */
async function chegouMessages(email: string, count: number) {
  await expect
    .poll(async () => (await messagesTo(email)).filter((message) => message.subject.startsWith("Chegou:")).length, {
      timeout: 45_000,
      message: `"Chegou" e-mails to ${email}`,
    })
    .toBe(count);
  return (await messagesTo(email)).filter((message) => message.subject.startsWith("Chegou:"));
}

test("a visitor asks for a sold-out size with consent and hears once when it returns", async ({ page, visit }) => {
  const product = await ownProduct({
    type: "P",
    title: "Bermuda Aviso",
    sizes: [
      ["P", 4],
      ["M", 0],
      ["G", 0],
    ],
  });
  await visit(product.path);
  const form = notifyMe(page);
  // Only the sold-out sizes are offered; the first is chosen.
  const sizes = form.getByRole("group", { name: "Qual tamanho?" });
  await expect(sizes.getByRole("radio")).toHaveCount(2);
  await expect(sizes.getByRole("radio", { name: "M" })).toBeChecked();

  // No consent: refused, and what was typed stays.
  const email = uniqueEmail("visitante");
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await sizes.getByRole("radio", { name: "G" }).check();
  await form.getByRole("button", { name: "Avise-me quando chegar" }).click();
  const refused = page.getByRole("region", { name: "Avise-me quando chegar" });
  await expect(refused.getByText(STOCK_ALERT_MESSAGES.consentRequired)).toBeVisible();
  await expect(refused.getByLabel("E-mail", { exact: true })).toHaveValue(email);

  await refused.getByLabel(STOCK_ALERT_MESSAGES.consentLabel).check();
  await refused.getByRole("button", { name: "Avise-me quando chegar" }).click();
  // Kept (for G only): back on the product page (without JavaScript, from the /avise-me page).
  await expect.poll(() => alertsOf(email)).toEqual([{ item: product.sizes.G, sent: false }]);
  await expect(page).toHaveURL(new RegExp(`${product.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);

  // M returning sends nothing to someone waiting for G; G returning sends one e-mail, once.
  await setPiecesLeft(product.sizes.M!, 3);
  await setPiecesLeft(product.sizes.G!, 2);
  const [message] = await chegouMessages(email, 1);
  expect(message!.subject).toBe(`Chegou: ${product.title} (Tamanho G) - Loja Escolar`);
  expect(message!.text).toContain(product.path);
  // Done: a later return finds nothing pending, so nobody hears twice.
  expect(await alertsOf(email)).toEqual([{ item: product.sizes.G, sent: true }]);

  // Back in stock: the page offers no alert for it any more.
  await visit(product.path);
  await expect(notifyMe(page)).toHaveCount(0);
});

test("a customer's alert keeps their account's e-mail, and its e-mail goes once", async ({ page, visit, logIn }) => {
  const product = await ownProduct({ type: "P", title: "Agasalho Aviso", sizes: [["10", 0]] });
  const customer = await logIn();
  await visit(product.path);
  await expect(page.getByTestId("sold-out")).toHaveText("Esgotado");
  const form = notifyMe(page);
  await expect(form).toContainText(customer.email);
  await expect(form.getByLabel("E-mail", { exact: true })).toHaveCount(0);
  await form.getByRole("button", { name: "Avise-me quando chegar" }).click();
  await expect.poll(() => alertsOf(customer.email)).toEqual([{ item: product.sizes["10"], sent: false }]);
  await expect(page).toHaveURL(new RegExp(`${product.path}$`));

  await setPiecesLeft(product.sizes["10"]!, 1);
  await chegouMessages(customer.email, 1);
  expect(await alertsOf(customer.email)).toEqual([{ item: product.sizes["10"], sent: true }]);
});
