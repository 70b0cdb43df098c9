import type { ApiCustomer } from "./support/accounts.ts";
import { expectAnnounced } from "./support/announcements.ts";
import {
  buyForLinkedStudent,
  buyForMyself,
  buyForNewRa,
  cartCount,
  cartPanel,
  expectAddedToCart,
  fillRaLink,
  openAddStudent,
} from "./support/cart.ts";
import { findProduct, productPath, productsOf } from "./support/catalogue.ts";
import { formatBRL } from "#core/money.ts";
import { expect, test as base } from "./support/fixtures.ts";
import { waitForHydration } from "./support/pages.ts";
import { gestor, withStoreDatabase } from "./support/server-side.ts";

// Every test here is a logged-in customer's cart.
const test = base.extend<{ customer: ApiCustomer }>({
  customer: [async ({ logIn }, use) => use(await logIn()), { auto: true }],
});

test.describe("cart", () => {
  test("link a student by RA and add an item to their bag; quantities follow the rules @purchase", async ({
    page,
    visit,
    request,
    mobile,
    js,
  }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
    const path = productPath(product);
    await visit(path);
    await page.getByTestId("buy-button").click();
    // Confirmar stays disabled until a student is chosen.
    await page.getByRole("link", { name: /Lista de alunos/ }).click();
    if (js) await expect(page.getByRole("button", { name: "Confirmar" })).toBeDisabled();
    await openAddStudent(page);
    await fillRaLink(page, "99999999", { birthDate: "2015-03-14" });
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expectAnnounced(page, "RA ou data de nascimento não conferem.", { type: "error" });
    await expect(page.getByPlaceholder("Digite o RA do aluno")).toHaveValue("99999999");
    await expect(page.getByTestId("student-card")).toHaveCount(0);

    await visit(path);
    await buyForNewRa(page, "20250003");
    const panel = cartPanel(page);
    await expect(panel.getByTestId("cart-bag")).toHaveCount(1);
    await expect(panel.getByTestId("cart-line")).toContainText(product.title.slice(0, 20));
    await expect(cartCount(page)).toHaveText("1");
    if (!mobile) await expect(page.getByTestId("cart-header-total")).toHaveText(/^R\$ \d+,\d{2}$/);
    await expect(panel.getByRole("button", { name: "Diminuir quantidade" })).toBeDisabled();
    await panel.getByRole("button", { name: "Aumentar quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
    await expect(cartCount(page)).toHaveText("2");
    await cartPanel(page).getByRole("button", { name: "Diminuir quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("1");
    await cartPanel(page)
      .getByRole("button", { name: /^Remover .* do carrinho$/ })
      .click();
    await expect(cartPanel(page).getByText("Seu carrinho está vazio.")).toBeVisible();
    await expectAnnounced(page, "Item removido do carrinho.", { type: "success" });
  });

  test("Sou aluno adds the item for the customer; a second course for the same student is refused", async ({
    page,
    visit,
    request,
  }) => {
    const [first, second] = (await productsOf(request, "cursos")).filter((p) => p.DESCONTO > 0);
    await visit(productPath(first!));
    await buyForMyself(page);
    await expectAddedToCart(page, "Fernanda Cavalcanti Lima");
    // Courses (type S) have no quantity control.
    await expect(cartPanel(page).getByRole("button", { name: "Aumentar quantidade" })).toHaveCount(0);

    await visit(productPath(second!));
    await buyForMyself(page);
    await expectAnnounced(page, "Este aluno já possui um curso ou evento a ser comprado no carrinho.", {
      type: "error",
    });
    await visit("/?carrinho=aberto");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(1);
  });

  test("a manual product cannot be increased and a second one is refused", async ({ page, visit, request }) => {
    const manuals = (await productsOf(request, "material-didatico")).filter((p) => p.TIPO === "M");
    await visit(productPath(manuals[0]!));
    await buyForNewRa(page, "20250004");
    await expect(cartPanel(page).getByRole("button", { name: "Aumentar quantidade" })).toBeDisabled();
    await visit(productPath(manuals[1]!));
    await buyForLinkedStudent(page, "20250004");
    await expectAnnounced(page, "Este aluno já possui um produto manual a ser comprado no carrinho.", {
      type: "error",
    });
    await visit("/?carrinho=aberto");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(1);
  });

  test("a coupon is applied to the whole cart and removed @purchase", async ({ page, visit, request }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
    await visit(productPath(product));
    await buyForNewRa(page, "20250005");
    const panel = cartPanel(page);
    const before = await panel.getByTestId("cart-total").textContent();
    await panel.getByRole("button", { name: "Aplicar cupom de 10%: BEMVINDO10" }).click();
    await expect(cartPanel(page).getByText("Cupom já aplicado! CÓDIGO: BEMVINDO10")).toBeVisible();
    await expectAnnounced(page, "Cupom aplicado com sucesso!", { type: "success" });
    await expect(cartPanel(page).getByTestId("cart-total")).not.toHaveText(before!);
    await cartPanel(page).getByRole("button", { name: "Remover", exact: true }).click();
    await expect(cartPanel(page).getByText("Cupom já aplicado!")).toHaveCount(0);
    await expect(cartPanel(page).getByRole("button", { name: "Aplicar cupom de 10%: BEMVINDO10" })).toBeVisible();
    await expectAnnounced(page, "Cupom removido.", { type: "success" });
    await expect(cartPanel(page).getByTestId("cart-total")).toHaveText(before!);
  });

  test("a quantity change keeps a coupon that still applies; one that stopped applying goes with a warning saying why @purchase", async ({
    page,
    visit,
    request,
    customer,
  }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
    await visit(productPath(product));
    await buyForNewRa(page, "20250005");
    await cartPanel(page).getByRole("button", { name: "Aplicar cupom de 10%: BEMVINDO10" }).click();
    await expect(cartPanel(page).getByText("Cupom já aplicado! CÓDIGO: BEMVINDO10")).toBeVisible();
    await cartPanel(page).getByRole("button", { name: "Aumentar quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
    await expect(cartPanel(page).getByText("Cupom já aplicado! CÓDIGO: BEMVINDO10")).toBeVisible();
    // Meanwhile the customer used it up in another purchase (BEMVINDO10 is once per customer).
    await withStoreDatabase(async (db) => {
      const coupon = await db
        .selectFrom("coupons")
        .select("id")
        .where("code", "=", "BEMVINDO10")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("coupon_uses")
        .values({
          id: crypto.randomUUID(),
          coupon_id: coupon.id,
          customer_id: customer.id,
          sale_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    });
    await cartPanel(page).getByRole("button", { name: "Diminuir quantidade" }).click();
    await expectAnnounced(
      page,
      "O cupom BEMVINDO10 foi removido do carrinho. Você já usou este cupom o número máximo de vezes.",
      { type: "warning" },
    );
    await expect(cartPanel(page).getByText("Cupom já aplicado!")).toHaveCount(0);
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("1");
  });

  test("prices read as in a Brazilian store: the modal, each line's price, the TOTAL's instalments", async ({
    page,
    visit,
    request,
  }) => {
    // A discounted item under R$ 100 (paid at once) whose two units reach the R$ 100 band (2x).
    const product = await findProduct(
      request,
      (p) => p.TIPO === "P" && p.DESCONTO < p.PRECO * 0.99 && p.DESCONTO >= 50 && p.DESCONTO < 100,
    );
    const percent = Math.round((1 - product.DESCONTO / product.PRECO) * 100);
    const path = productPath(product);
    await visit(path);
    await page.getByTestId("buy-button").click();
    // The link modal's summary: de/por, the price, a whole badge, and no "1x R$" for one instalment.
    const summary = page.getByTestId("link-item-price");
    await expect(summary).toContainText(
      `de ${formatBRL(product.PRECO)} por ${formatBRL(product.DESCONTO)} -${percent}%`,
      {
        useInnerText: true,
      },
    );
    await expect(summary).not.toContainText(/\dx/);

    await visit(path);
    await buyForNewRa(page, "20250005");
    const line = cartPanel(page).getByTestId("cart-line-price");
    await expect(line).toContainText(`de ${formatBRL(product.PRECO)} por ${formatBRL(product.DESCONTO)} -${percent}%`, {
      useInnerText: true,
    });
    await expect(cartPanel(page).getByTestId("cart-total-installments")).toHaveCount(0);

    await cartPanel(page).getByRole("button", { name: "Aumentar quantidade" }).click();
    await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
    // The line's price is the two units'; the TOTAL says what /compra splits it in.
    await expect(cartPanel(page).getByTestId("cart-line-price")).toContainText(formatBRL(product.DESCONTO * 2));
    await expect(cartPanel(page).getByTestId("cart-line")).toContainText(`2 × ${formatBRL(product.DESCONTO)}`);
    await expect(cartPanel(page).getByTestId("cart-total-installments")).toHaveText(
      `ou 2x de ${formatBRL(product.DESCONTO)} sem juros`,
    );
  });

  test("what the gestor removes is reported with a yellow warning", async ({ page, visit, request, customer }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P");
    await visit(productPath(product));
    await buyForNewRa(page, "20250006");
    const cartId = gestor("list-carts", "--email", customer.email).trim().split(/\s+/)[0]!;
    gestor("remove-item", "--cart", cartId, "--item", String(product.itemTOTVS));
    await visit("/faq");
    await expectAnnounced(page, "Alguns itens foram removidos do carrinho pelo gestor.", { type: "warning" });
    await visit("/faq?carrinho=aberto");
    await expect(cartPanel(page).getByText("Seu carrinho está vazio.")).toBeVisible();
  });

  test("two tabs: neither loses the other's change, and the one-course rule holds across them", async ({
    page,
    context,
    visit,
    js,
    request,
  }) => {
    const [firstCourse, secondCourse] = (await productsOf(request, "cursos")).filter((p) => p.DESCONTO > 0);
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
    const other = await context.newPage();
    const visitOther = async (path: string) => {
      await other.goto(path);
      await waitForHydration(other, js);
    };
    // Both tabs are open, on an empty cart, before either changes it.
    await visit(productPath(firstCourse!));
    await visitOther(productPath(secondCourse!));
    await buyForMyself(page);
    await expectAddedToCart(page, "Fernanda Cavalcanti Lima");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(1);
    await buyForMyself(other);
    await expectAnnounced(other, "Este aluno já possui um curso ou evento a ser comprado no carrinho.", {
      type: "error",
    });

    await visitOther(productPath(product));
    await buyForMyself(other);
    await expectAddedToCart(other, "Fernanda Cavalcanti Lima");
    await expect(cartPanel(other).getByTestId("cart-line")).toHaveCount(2);
    await visit("/faq?carrinho=aberto");
    await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(2);
  });
});
