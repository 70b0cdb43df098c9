import { uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";

test("subscribing shows the success dialog, and the same e-mail again the already-registered one", async ({
  page,
  visit,
}) => {
  const email = uniqueEmail("pais");
  await visit("/faq");
  const footer = page.locator("footer");
  await footer.getByPlaceholder("Cadastre seu e-mail").fill(email);
  await footer.getByRole("button", { name: "Assinar" }).click();
  const success = page.getByRole("dialog", { name: "Email cadastrado com sucesso" });
  await expect(success).toBeVisible();
  await expect(success).toContainText("Email cadastrado com sucesso ao newsletter. Verifique o seu email.");
  await success
    .getByRole("button", { name: "OK" })
    .or(success.getByRole("link", { name: "OK" }))
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/faq$/);

  await page.locator("footer").getByPlaceholder("Cadastre seu e-mail").fill(email);
  await page.locator("footer").getByRole("button", { name: "Assinar" }).click();
  const failure = page.getByRole("dialog", { name: "Email já cadastrado" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("Esse email já foi cadastrado no newsletter, tente outro.");
  await failure
    .getByRole("button", { name: "OK" })
    .or(failure.getByRole("link", { name: "OK" }))
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an empty e-mail is refused with the required message", async ({ page, visit }) => {
  await visit("/faq");
  const field = page.locator("footer").getByPlaceholder("Cadastre seu e-mail");
  await page.locator("footer").getByRole("button", { name: "Assinar" }).click();
  // The browser blocks the empty required field, with or without JavaScript.
  expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the server also refuses an empty e-mail and a post without the CSRF token", async ({ page, request, visit }) => {
  await visit("/faq");
  // A form post that bypasses the browser's required check.
  const token = await page.locator("footer input[name=csrf]").inputValue();
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const empty = await request.post("/newsletter", {
    form: { csrf: token, email: "  ", redirectTo: "/faq" },
    headers: { cookie },
    maxRedirects: 0,
  });
  expect(empty.status()).toBe(302);
  expect(empty.headers().location).toBe("/faq?newsletter=vazio#newsletter");
  await page.goto("/faq?newsletter=vazio");
  await expect(page.getByText("Informe seu e-mail para assinar a newsletter.")).toBeVisible();

  const forged = await request.post("/newsletter", { form: { email: "x@exemplo.com.br" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
});
