import { cartPanel } from "./support/cart.ts";
import { productCards } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("shell", () => {
  test("top bar phone and e-mail lead to /atendimento", async ({ page, visit }) => {
    await visit("/faq");
    const topBar = page.locator("div.bg-brand-900").first();
    await topBar.getByRole("link", { name: "(81) 3034-1000" }).click();
    await expect(page).toHaveURL(/\/atendimento$/);
    await expect(page.getByRole("heading", { name: "Atendimento", level: 1 })).toBeVisible();
    await page.goto("/faq");
    await page
      .locator("div.bg-brand-900")
      .first()
      .getByRole("link", { name: "atendimento@lojaescolar.com.br" })
      .click();
    await expect(page).toHaveURL(/\/atendimento$/);
  });

  test("desktop header: logo, categories, search, login, quick purchase and cart", async ({ page, visit, mobile }) => {
    test.skip(mobile, "desktop header only from 710 px");
    await visit("/");
    const header = page.getByRole("banner");
    await expect(header.getByPlaceholder("O que deseja procurar?")).toBeVisible();
    await expect(header.getByRole("link", { name: "Fazer login ou registrar" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Fazer login ou registrar" })).toHaveAttribute(
      "title",
      "Fazer login ou registrar",
    );
    await expect(header.getByTestId("cart-count").first()).toHaveText("0");
    // The quick-purchase shortcut shows on every page except home.
    await expect(header.getByRole("link", { name: "Compra Rápida" })).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveAttribute("data-shadow", "off");

    await header.getByText("Categorias").click();
    await header.getByRole("link", { name: "Papelaria" }).click();
    await expect(page).toHaveURL(/\/categoria\/papelaria/);
    await expect(page.getByRole("heading", { name: "Papelaria", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Compra Rápida" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveAttribute("data-shadow", "on");

    await page.getByRole("banner").getByPlaceholder("O que deseja procurar?").fill("caderno");
    await page.getByRole("banner").getByPlaceholder("O que deseja procurar?").press("Enter");
    await expect(page).toHaveURL(/\/busca\?q=caderno/);
    await expect(page.getByRole("heading", { name: "Resultados para “caderno”" })).toBeVisible();
  });

  test("header gets its shadow on home once scrolled past 10 px", async ({ page, visit, js }) => {
    test.skip(!js, "the scroll rule needs JavaScript; without it home has no shadow");
    await visit("/");
    await expect(page.getByRole("banner")).toHaveAttribute("data-shadow", "off");
    await page.mouse.wheel(0, 600);
    await expect(page.getByRole("banner")).toHaveAttribute("data-shadow", "on");
  });

  test("mobile header and bottom bar", async ({ page, visit, mobile }) => {
    test.skip(!mobile, "mobile header only below 710 px");
    await visit("/");
    await expect(page.getByPlaceholder("O que deseja procurar?")).toBeHidden();
    const bottom = page.getByRole("navigation", { name: "Navegação inferior" });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/");
    await expect(bottom.getByRole("link", { name: "Categorias" })).toHaveAttribute(
      "href",
      "/categoria/material-didatico",
    );
    await expect(bottom.getByRole("link", { name: "Compra Rápida" })).toHaveAttribute("href", "/compra-rapida");
    await expect(bottom.getByRole("link", { name: "Atendimento" })).toHaveAttribute("href", "/atendimento");

    await expect(page.getByPlaceholder("Busque por produto")).toHaveCount(0);
    await bottom.getByRole("link", { name: "Buscar" }).click();
    const search = page.getByPlaceholder("Busque por produto");
    await expect(search).toBeVisible();
    await search.fill("camisa");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(page).toHaveURL(/\/busca\?q=camisa/);
    await expect(productCards(page).first()).toBeVisible();

    await page
      .getByRole("navigation", { name: "Navegação inferior" })
      .getByRole("link", { name: "Categorias" })
      .click();
    await expect(page.getByRole("heading", { name: "Material Didático", level: 1 })).toBeVisible();
  });

  test("cart button opens the cart panel as URL state", async ({ page, visit }) => {
    await visit("/faq");
    await page.getByTestId("cart-button").filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/carrinho=aberto/);
    const panel = cartPanel(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByText("Seu carrinho está vazio.")).toBeVisible();
    // Visitors never see the subtotal or the checkout button (spec §6).
    await expect(panel.getByText("SUBTOTAL")).toHaveCount(0);
    await panel.getByRole("link", { name: "Fechar", exact: true }).click();
    await expect(cartPanel(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("footer: newsletter, links, store information, legal line, social and chat", async ({ page, visit, mobile }) => {
    await visit("/faq");
    const footer = page.locator("footer");
    await expect(footer.getByText("NEWSLETTER")).toBeVisible();
    await expect(footer.getByText("Fique por dentro das novidades!")).toBeVisible();
    await expect(footer.getByPlaceholder("Cadastre seu e-mail")).toBeVisible();
    await expect(footer.getByRole("button", { name: "Assinar" })).toBeVisible();
    for (const [name, href] of [
      ["Minha Conta", "/conta"],
      ["Compra Rápida", "/compra-rapida"],
      ["F.A.Q.", "/faq"],
      ["Atendimento", "/atendimento"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "Termos & Condições" })).toHaveAttribute("href", /^https:\/\//);
    await expect(footer.getByText("100% Seguro – Suas informações estão criptografadas e seguras.")).toBeVisible();
    await expect(footer.getByTestId("legal-line")).toContainText(String(new Date().getFullYear()));
    await expect(footer.getByTestId("legal-line")).toContainText("CNPJ 12.345.678/0001-95");
    for (const name of ["Instagram", "Facebook", "YouTube"]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(footer.getByRole("list", { name: "Formas de pagamento aceitas" })).toContainText("Boleto");
    // The chat button floats on a desktop; on a phone the bottom bar's "Atendimento" is the way (0042).
    const chat = footer.getByRole("link", { name: "Fale conosco pelo chat" });
    if (mobile) {
      await expect(chat).toBeHidden();
      await page
        .getByRole("navigation", { name: "Navegação inferior" })
        .getByRole("link", { name: "Atendimento" })
        .click();
    } else await chat.click();
    await expect(page).toHaveURL(/\/atendimento$/);
  });

  test("the scroll-to-top link goes back to the top", async ({ page, visit }) => {
    await visit("/faq");
    await page.getByRole("link", { name: "Voltar ao topo" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  });
});
