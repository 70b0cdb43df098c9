import type { Page } from "@playwright/test";
import { SEARCH_TOO_SHORT } from "#api/contract/gestor/search-text.ts";
import { createCustomer } from "./support/accounts.ts";
import { productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { buyThroughApi, linkByRa } from "./support/store-api.ts";

// The gestor header's one search box (issue 25 §16; docs/decisions/0041-gestor-search.md),
// JavaScript on and off: a GET form whose results the server renders.

/** Letters only, so a name stays a valid name and one test's family is found alone. */
const uniqueWord = (prefix: string) =>
  prefix +
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole("search", { name: "Busca geral" });
  await box.getByRole("searchbox", { name: "Buscar cliente, estudante ou pedido" }).fill(text);
  await box.getByRole("button", { name: /pesquisar/i }).click();
}

test("a secretary finds a family from the header by name, CPF with or without its mask and order number", async ({
  page,
  context,
  request,
  logIn,
  visit,
}) => {
  const surname = uniqueWord("Tavares");
  const customer = await logIn(await createCustomer(request, { name: `Iracema Lopes ${surname}` }));
  const item = (await productsOf(request, "papelaria")).find((p) => p.TIPO === "P")!.itemTOTVS;
  const { referenceCode } = await buyThroughApi(request, customer, item, "card");
  await logInStaff(context, "atendimento");

  // From any page of the area: the name finds the customer and the order, nothing of other families.
  await visit("/gestor/cupons");
  await searchFromHeader(page, surname.toLowerCase());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Resultados para “${surname.toLowerCase()}”`);
  const customers = page.getByRole("table", { name: "Clientes encontrados" });
  await expect(customers.getByRole("row")).toHaveCount(2);
  await expect(customers).toContainText(customer.email);
  const orders = page.getByRole("table", { name: "Pedidos encontrados" });
  await expect(orders.getByRole("row")).toHaveCount(2);
  await orders.getByRole("link", { name: referenceCode }).click();
  await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();

  // The CPF as the parent dictates it, with its mask and without.
  for (const cpf of [customer.cpf, customer.cpf.replace(/\D/g, "")]) {
    await searchFromHeader(page, cpf);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Resultados para “${cpf}”`);
    await expect(customers.getByRole("row")).toHaveCount(2);
    await expect(customers).toContainText(customer.email);
    await expect(orders.getByRole("link", { name: referenceCode })).toBeVisible();
  }
  await customers.getByRole("link", { name: customer.name }).click();
  await expect(page.getByRole("heading", { name: customer.name, level: 1 })).toBeVisible();

  // The order's number as the gestor shows it: that order alone.
  await searchFromHeader(page, referenceCode);
  await expect(orders.getByRole("row")).toHaveCount(2);
  await expect(orders.getByRole("row").nth(1)).toContainText(customer.name);
  await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();
});

test("an RA finds the student and their family; a short or unknown text says so; Pedidos searches by name", async ({
  page,
  context,
  request,
  logIn,
  visit,
}) => {
  const surname = uniqueWord("Brandao");
  const customer = await logIn(await createCustomer(request, { name: `Joana Prado ${surname}` }));
  await linkByRa(request, customer, "20250004");
  const item = (await productsOf(request, "papelaria")).find((p) => p.TIPO === "P")!.itemTOTVS;
  const { referenceCode } = await buyThroughApi(request, customer, item, "boleto");
  await logInStaff(context, "admin");

  await visit("/gestor");
  await searchFromHeader(page, "20250004");
  const students = page.getByRole("table", { name: "Estudantes encontrados" });
  await expect(students.getByRole("row")).toHaveCount(2);
  await expect(students).toContainText("Ana Clara Menezes Barbosa");
  await students.getByRole("link", { name: customer.name }).click();
  await expect(page.getByRole("heading", { name: customer.name, level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Estudantes vinculados" })).toContainText("20250004");

  // Too short to search, and nothing found: each says so, and the box keeps what was typed.
  await searchFromHeader(page, "ab");
  await expect(page.getByRole("alert").filter({ hasText: SEARCH_TOO_SHORT })).toBeVisible();
  const nobody = uniqueWord("Ninguem");
  await searchFromHeader(page, nobody);
  await expect(page.getByText(`Nenhum resultado para “${nobody}”.`)).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Buscar cliente, estudante ou pedido" })).toHaveValue(nobody);

  // Pedidos' own list searches by name too (the same rule as the header's).
  await visit("/gestor/pedidos");
  await page.getByLabel(/^busca \(nome/i).fill(`prado ${surname}`);
  await page.getByRole("button", { name: /filtrar/i }).click();
  const list = page.getByRole("table", { name: "Pedidos" });
  await expect(list.getByRole("row")).toHaveCount(2);
  await expect(list.getByRole("link", { name: referenceCode })).toBeVisible();
});
