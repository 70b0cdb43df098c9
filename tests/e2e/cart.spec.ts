import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { findProduct, productsOf } from "./catalogue-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

function toast(page: Page, text: string) {
  return page.locator("[data-toast-type]").filter({ hasText: text });
}

function cartPanel(page: Page) {
  return page.getByRole("dialog", { name: "Carrinho de Compras" });
}

let jsEnabled = true;
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, jsEnabled);
}

/** Product page → Comprar → Lista de Alunos → the already linked student → Confirmar. */
async function buyForLinked(page: Page, path: string, ra: string) {
  await open(page, path);
  await page.getByTestId("buy-button").click();
  await page.getByRole("link", { name: /Lista de Alunos/ }).click();
  await page.getByTestId("student-card").filter({ hasText: `RA: ${ra}` }).click();
  await page.getByRole("button", { name: "Confirmar" }).click();
}

/** Product page → Comprar → Lista de Alunos → link an RA → Confirmar. */
async function buyForRa(page: Page, path: string, ra: string) {
  await open(page, path);
  await page.getByTestId("buy-button").click();
  await page.getByRole("link", { name: /Lista de Alunos/ }).click();
  await page.getByPlaceholder("Digite o RA do Aluno").fill(ra);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(toast(page, "Estudante vinculado(a)!")).toBeVisible();
  await expect(page.locator("[data-testid=student-card][aria-current=true]")).toContainText(`RA: ${ra}`);
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
}

test.describe("cart", () => {
  test.beforeEach(async ({ page, visit, request, js }) => {
    jsEnabled = js;
    const customer = await createCustomer(request);
    test.info().annotations.push({ type: "customer", description: customer.email });
    await visit("/faq");
    await logInThroughModal(page, customer.email, customer.password, js);
  });

  test("link a student by RA and add an item to their bag; quantities follow the rules", async ({ page, request, mobile }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
    const path = `/produto/${product.category.slug}/${product.slug}`;
    await open(page, path);
    await page.getByTestId("buy-button").click();
    // Confirmar stays disabled until a student is chosen.
    await page.getByRole("link", { name: /Lista de Alunos/ }).click();
    await expect(page.getByRole("button", { name: "Confirmar" })).toBeDisabled();
    await page.getByPlaceholder("Digite o RA do Aluno").fill("99999999");
    await page.getByRole("button", { name: "Adicionar" }).click();
    await expect(toast(page, "RA não encontrado")).toBeVisible();

    await buyForRa(page, path, "20250003");
    const panel = cartPanel(page);
    await expect(panel.getByTestId("cart-bag")).toHaveCount(1);
    await expect(panel.getByTestId("cart-line")).toContainText(product.title.toLocaleLowerCase("pt-BR").slice(0, 20));
    await expect(page.getByTestId("cart-count").filter({ visible: true })).toHaveText("1");
    if (!mobile) await expect(page.getByTestId("cart-header-total")).toHaveText(/^R\$ \d+,\d{2}$/);
    await expect(panel.getByRole("button", { name: "Diminuir quantidade" })).toBeDisabled();
    await panel.getByRole("button", { name: "Aumentar quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
    await expect(page.getByTestId("cart-count").filter({ visible: true })).toHaveText("2");
    await cartPanel(page).getByRole("button", { name: "Diminuir quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("1");
    await cartPanel(page).getByRole("button", { name: /^Remover .* do carrinho$/ }).click();
    await expect(toast(page, "Item removido do carrinho.")).toBeVisible();
    await expect(cartPanel(page).getByText("Seu carrinho está vazio.")).toBeVisible();
  });

  test("Sou Aluno adds the item for the customer; a second course for the same student is refused", async ({ page, request }) => {
    const courses = [];
    for (const slug of ["cursos"]) {
      const response = await request.post(`/api/products/list-product-by-category-slug/${slug}/store/1/visible/enabled`, { data: {} });
      courses.push(...(await response.json()).products.filter((p: { DESCONTO: number }) => p.DESCONTO > 0));
    }
    const [first, second] = courses;
    await open(page, `/produto/cursos/${first.slug}`);
    await page.getByTestId("buy-button").click();
    await page.getByRole("button", { name: /Sou Aluno/ }).click();
    await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
    const panel = cartPanel(page);
    await expect(panel.getByTestId("cart-bag")).toContainText("Fernanda Cavalcanti Lima");
    // Courses (type S) have no quantity control.
    await expect(panel.getByRole("button", { name: "Aumentar quantidade" })).toHaveCount(0);

    await open(page, `/produto/cursos/${second.slug}`);
    await page.getByTestId("buy-button").click();
    await page.getByRole("button", { name: /Sou Aluno/ }).click();
    await expect(toast(page, "Este aluno já possui um curso ou evento a ser comprado no carrinho.")).toBeVisible();
    await open(page, "/?carrinho=aberto");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(1);
  });

  test("a manual product cannot be increased and a second one is refused", async ({ page, request }) => {
    const manuals = [];
    const response = await request.post(`/api/products/list-product-by-category-slug/material-didatico/store/1/visible/enabled`, { data: {} });
    manuals.push(...(await response.json()).products.filter((p: { TIPO: string }) => p.TIPO === "M"));
    await buyForRa(page, `/produto/material-didatico/${manuals[0].slug}`, "20250004");
    await expect(cartPanel(page).getByRole("button", { name: "Aumentar quantidade" })).toBeDisabled();
    await buyForLinked(page, `/produto/material-didatico/${manuals[1].slug}`, "20250004");
    await expect(toast(page, "Este aluno já possui um produto manual a ser comprado no carrinho.")).toBeVisible();
  });

  test("a coupon is applied to the whole cart and removed", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
    await buyForRa(page, `/produto/${product.category.slug}/${product.slug}`, "20250005");
    const panel = cartPanel(page);
    const before = await panel.getByTestId("cart-total").textContent();
    await panel.getByRole("button", { name: "Aplicar Cupom de 10% : BEMVINDO10" }).click();
    await expect(toast(page, "Cupom aplicado com sucesso!")).toBeVisible();
    await expect(cartPanel(page).getByText("Cupom já aplicado! CÓDIGO: BEMVINDO10")).toBeVisible();
    await expect(cartPanel(page).getByTestId("cart-total")).not.toHaveText(before!);
    await cartPanel(page).getByRole("button", { name: "Remover", exact: true }).click();
    await expect(toast(page, "Cupom removido.")).toBeVisible();
    await expect(cartPanel(page).getByTestId("cart-total")).toHaveText(before!);
  });

  test("what the gestor removes is reported with a yellow warning", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P");
    await buyForRa(page, `/produto/${product.category.slug}/${product.slug}`, "20250006");
    const email = test.info().annotations.find((a) => a.type === "customer")!.description!;
    const env = { ...process.env, DATA_DIR };
    const listing = execFileSync(process.execPath, ["scripts/gestor.ts", "list-carts", "--email", email], { env, encoding: "utf8" });
    const cartId = listing.trim().split(/\s+/)[0]!;
    execFileSync(process.execPath, ["scripts/gestor.ts", "remove-item", "--cart", cartId, "--item", String(product.itemTOTVS)], { env });
    await open(page, "/faq");
    await expect(page.locator("[data-toast-type=warning]")).toContainText("Alguns itens foram removidos do carrinho pelo gestor.");
    await open(page, "/faq?carrinho=aberto");
    await expect(cartPanel(page).getByText("Seu carrinho está vazio.")).toBeVisible();
  });

  test("two tabs: neither loses the other's change, and the one-course rule holds across them", async ({ page, context, request }) => {
    const [firstCourse, secondCourse] = (await productsOf(request, "cursos")).filter((p) => p.DESCONTO > 0);
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
    const other = await context.newPage();
    // Both tabs are open, on an empty cart, before either changes it.
    await open(page, `/produto/cursos/${firstCourse!.slug}`);
    await open(other, `/produto/cursos/${secondCourse!.slug}`);
    const buyForMyself = async (tab: Page) => {
      await tab.getByTestId("buy-button").click();
      await tab.getByRole("button", { name: /Sou Aluno/ }).click();
    };
    await buyForMyself(page);
    await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
    await buyForMyself(other);
    await expect(toast(other, "Este aluno já possui um curso ou evento a ser comprado no carrinho.")).toBeVisible();

    await open(other, `/produto/${product.category.slug}/${product.slug}`);
    await buyForMyself(other);
    await expect(toast(other, "Item adicionado ao carrinho!")).toBeVisible();
    await expect(cartPanel(other).getByTestId("cart-line")).toHaveCount(2);
    await open(page, "/faq?carrinho=aberto");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(2);
  });
});
