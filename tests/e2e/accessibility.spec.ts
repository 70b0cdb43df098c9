import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Product } from "#api/contract/catalogue.ts";
import { Auditor, type AuditedView } from "./support/axe.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { tabTo } from "./support/keyboard.ts";
import { dialogReady, waitForHydration as waitForHydrationOf } from "./support/pages.ts";
import { logInStaff } from "./support/gestor.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

// axe-core with the WCAG 2.2 AA rules on every page and URL-state dialog, as a visitor and
// logged in, at both sizes (desktop, mobile) in the JavaScript projects (see the describe).
// A serious or critical violation fails the test, listed with the page view it was found on.
// A new page or dialog joins by adding one entry to a list below (VISITOR_VIEWS for what a
// visitor opens by address alone).

test.describe.configure({ timeout: 90_000 });

/** A header <details> menu, opened as a click would (when this size's header has it). */
const openMenu = (menu: (page: Page) => Locator) => async (page: Page) => {
  const details = menu(page).filter({ visible: true });
  if ((await details.count()) === 0) return;
  await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
};
const categoryMenu = (page: Page) => page.getByRole("banner").locator("details").filter({ hasText: "Categorias" });
const accountMenu = (page: Page) => page.getByTestId("account-menu");

/** Pages and dialogs a visitor opens by address alone, in groups that each fit one test. */
const VISITOR_VIEWS: Record<string, (product: Product) => AuditedView[]> = {
  shop: (product) => [
    { name: "home", path: "/" },
    { name: "categoria", path: `/categoria/${product.category.slug}` },
    { name: "produto", path: productPath(product) },
    { name: "busca", path: "/busca?q=camisa" },
    { name: "busca sem resultado", path: "/busca?q=zzzznaoexiste" },
    { name: "compra rápida", path: "/compra-rapida" },
  ],
  information: () => [
    { name: "faq", path: "/faq" },
    { name: "atendimento", path: "/atendimento" },
    { name: "privacidade", path: "/privacidade" },
    { name: "resetar senha", path: "/resetar-senha" },
    { name: "resetar senha, link inválido", path: "/resetar-senha/link-que-nao-existe" },
    { name: "sessão expirada", path: "/sessao-expirada" },
    { name: "página não encontrada", path: "/caminho/que/nao/existe" },
  ],
  dialogs: () => [
    { name: "menu de categorias", path: "/faq", prepare: openMenu(categoryMenu), scope: "header details" },
    { name: "entrar (modal)", path: "/faq?conta=entrar", dialog: "Entrar" },
    { name: "registrar (modal)", path: "/faq?conta=registrar", dialog: "Registrar" },
    { name: "esqueci a senha (modal)", path: "/faq?conta=esqueci-a-senha", dialog: "Recuperar senha" },
    { name: "/entrar", path: "/entrar", dialog: "Entrar" },
    { name: "/registrar", path: "/registrar", dialog: "Registrar" },
    { name: "carrinho vazio", path: "/faq?carrinho=aberto", dialog: "Carrinho de Compras" },
    { name: "busca móvel", path: "/faq?busca=aberta", scope: "header" },
    { name: "newsletter (diálogo)", path: "/faq?newsletter=sucesso", dialog: /.+/ },
  ],
};

const discounted = (request: APIRequestContext) => findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);

test.describe("axe", () => {
  // axe is a script: it cannot run in a page that runs none. The markup is the server's in
  // both projects (the no-JS pages are the same HTML before hydration), so the JavaScript
  // projects audit it; the no-JS projects run the keyboard purchase and the checks below.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe needs JavaScript in the page");

  for (const [group, views] of Object.entries(VISITOR_VIEWS)) {
    test(`axe (WCAG 2.2 AA), visitor, ${group}: no serious or critical violation`, async ({ page, request, js }) => {
      const audit = new Auditor(page, js);
      await audit.views(views(await discounted(request)));
      audit.expectNone();
    });
  }

  test("axe (WCAG 2.2 AA), visitor's cart: the panel and the checkout's step 1", async ({ page, request, js }) => {
    // Spec §6: a visitor's item waits in the cart for the login, on the checkout's step 1.
    await page.goto(productPath(await discounted(request)));
    await page.getByTestId("buy-button").click();
    await expect(page).toHaveURL(/carrinho=aberto/);
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "carrinho do visitante", path: "/faq?carrinho=aberto", dialog: "Carrinho de Compras" },
      { name: "compra, passo 1 (entrar)", path: "/compra" },
      { name: "compra, passo 1 (cadastro)", path: "/compra?cadastro=novo" },
    ]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: the link dialogs and the checkout's step 2", async ({
    page,
    request,
    js,
    logIn,
  }) => {
    const product = await discounted(request);
    const customer = await logIn();
    const studentId = await ownStudentId(request, customer);
    // The item waits for its student: step 2.
    await saveCart(request, customer, [
      { studentId: null, cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] },
    ]);
    const path = productPath(product);
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "menu da conta", path: "/faq", prepare: openMenu(accountMenu), scope: "header" },
      { name: "vincular: escolha", path: `${path}?vinculo=escolha`, dialog: "Item em Vinculacao" },
      { name: "vincular: lista", path: `${path}?vinculo=lista`, dialog: "Item em Vinculacao" },
      { name: "vincular: novo estudante", path: `${path}?vinculo=novo`, dialog: "Item em Vinculacao" },
      { name: "vincular: dados do estudante", path: `${path}?vinculo=lista&estudante=${studentId}`, dialog: /.+/ },
      { name: "compra, passo 2", path: "/compra" },
      { name: "compra, passo 2 (lista)", path: "/compra?vinculo=lista" },
    ]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: Minha Conta and its dialogs", async ({ page, request, js, logIn }) => {
    const customer = await logIn();
    const studentId = await ownStudentId(request, customer);
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "conta", path: "/conta" },
      { name: "conta: dados do estudante", path: `/conta?estudante=${studentId}`, dialog: /.+/ },
      { name: "conta: excluir conta", path: "/conta?excluir-conta=confirmar", dialog: /.+/ },
    ]);
    await page.goto("/conta");
    const removeHref = await page
      .getByRole("link", { name: /Remover/ })
      .first()
      .getAttribute("href");
    await audit.views([{ name: "conta: remover vínculo", path: removeHref!, dialog: /.+/ }]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: Compra Rápida's steps and a student card's dialogs", async ({
    page,
    request,
    js,
    logIn,
  }) => {
    await ownStudentId(request, await logIn());
    await page.goto("/compra-rapida");
    await page.getByRole("group", { name: "Ensino Fundamental" }).getByRole("checkbox", { name: "6º Ano" }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/passo=2/);
    const items = new URL(page.url());
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/passo=3/);
    const student = new URL(page.url());
    const list = `${student.pathname}${student.search}&vinculo=lista`;
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "compra rápida, itens", path: `${items.pathname}${items.search}` },
      { name: "compra rápida, estudante", path: `${student.pathname}${student.search}` },
      { name: "compra rápida, lista de estudantes", path: list },
    ]);
    const details = await page
      .getByRole("link", { name: /^Ver dados/ })
      .first()
      .getAttribute("href");
    const remove = await page
      .getByRole("link", { name: /^Remover vínculo/ })
      .first()
      .getAttribute("href");
    await audit.views([
      { name: "compra rápida, dados do estudante", path: details!, dialog: /.+/ },
      { name: "compra rápida, remover vínculo", path: remove!, dialog: /.+/ },
    ]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: payment, completion, boleto, receipt and order history", async ({
    page,
    js,
    request,
    checkout,
  }) => {
    await checkout((await discounted(request)).itemTOTVS);
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "carrinho com item", path: "/faq?carrinho=aberto", dialog: "Carrinho de Compras" },
      { name: "compra, passo 3 (pagamento)", path: "/compra" },
    ]);
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar Compra" }).click();
    await expect(page).toHaveURL(/\/conclusao\?venda=/);
    const completion = new URL(page.url());
    const boleto = await page.getByRole("link", { name: "Abrir boleto" }).getAttribute("href");
    const receipt = await page.getByRole("link", { name: "Comprovante deste estudante" }).getAttribute("href");
    await audit.views([
      { name: "conclusão", path: `${completion.pathname}${completion.search}` },
      { name: "boleto", path: boleto! },
      { name: "comprovante", path: receipt! },
      { name: "conta com pedido", path: "/conta" },
    ]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), gestor area: the login and every screen of an admin", async ({
    page,
    context,
    js,
    request,
    checkout,
  }) => {
    test.slow();
    const audit = new Auditor(page, js);
    await audit.views([
      { name: "gestor: entrar", path: "/gestor/entrar" },
      { name: "gestor: link de senha inválido", path: "/gestor/definir-senha/link-que-nao-existe-mais-0000" },
    ]);
    // A customer with an open cart, so Carrinhos and a customer's page have something to show.
    const customer = await checkout((await discounted(request)).itemTOTVS);
    const admin = await logInStaff(context, "admin", "Diretora Axe");
    const email = encodeURIComponent(customer.email);
    await audit.views([
      { name: "gestor: painel", path: "/gestor" },
      { name: "gestor: pedidos", path: "/gestor/pedidos" },
      { name: "gestor: carrinhos", path: `/gestor/carrinhos?por=email&q=${email}` },
      { name: "gestor: clientes", path: `/gestor/clientes?q=${email}` },
      { name: "gestor: busca", path: `/gestor/busca?q=${email}` },
      { name: "gestor: busca sem resultado", path: "/gestor/busca?q=ninguem-com-este-nome" },
      { name: "gestor: catálogo", path: "/gestor/catalogo" },
      { name: "gestor: novo produto", path: "/gestor/catalogo/produtos/novo" },
      { name: "gestor: categorias", path: "/gestor/catalogo/categorias" },
      { name: "gestor: destaques", path: "/gestor/catalogo/destaques" },
      { name: "gestor: importar", path: "/gestor/catalogo/importar" },
      { name: "gestor: cupons", path: "/gestor/cupons" },
      { name: "gestor: novo cupom", path: "/gestor/cupons/novo" },
      { name: "gestor: atendimento", path: "/gestor/atendimento" },
      { name: "gestor: equipe", path: "/gestor/equipe" },
      { name: "gestor: auditoria", path: "/gestor/auditoria" },
      { name: "gestor: minha conta", path: "/gestor/minha-conta" },
    ]);
    // The pages of one record, reached from the lists as a person would.
    const linkFrom = async (list: string, name: RegExp | string) => {
      await page.goto(list);
      return (await page.getByRole("main").getByRole("link", { name }).first().getAttribute("href"))!;
    };
    await audit.views([
      { name: "gestor: cliente", path: await linkFrom(`/gestor/clientes?q=${email}`, customer.name) },
      { name: "gestor: produto", path: await linkFrom("/gestor/catalogo", /.+/) },
      { name: "gestor: cupom", path: await linkFrom("/gestor/cupons", "BEMVINDO10") },
      { name: "gestor: pessoa da equipe", path: `/gestor/equipe/${admin.staffId}` },
    ]);
    audit.expectNone();
  });
});

test("keyboard only: a product bought for oneself and paid by boleto with Tab, Enter and Space", async ({
  page,
  request,
  js,
  logIn,
  visit,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  await logIn();
  await visit(productPath(product));
  const keyboard = page.keyboard;

  await tabTo(page, page.getByTestId("buy-button"));
  await keyboard.press("Enter");
  const linkDialog = await dialogReady(page.getByRole("dialog", { name: "Item em Vinculacao" }), js);
  // With JavaScript the focus moves into the dialog that opened.
  if (js) await expect(linkDialog).toBeFocused();
  await tabTo(page, linkDialog.getByRole("button", { name: /Sou Aluno/ }));
  await keyboard.press("Space");

  const cart = page.getByRole("dialog", { name: "Carrinho de Compras" });
  await expect(cart.getByTestId("cart-bag")).toHaveCount(1);
  if (js) await expect(cart).toBeFocused();
  await tabTo(page, cart.getByRole("link", { name: "Proceder Com Pedido" }));
  await keyboard.press("Enter");

  await expect(page).toHaveURL(/\/compra$/);
  await waitForHydrationOf(page, js);
  const boleto = page.getByRole("radio", { name: "Boleto Bancário" });
  await tabTo(page, boleto);
  await keyboard.press("Space");
  await expect(boleto).toBeChecked();
  const terms = page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." });
  await tabTo(page, terms);
  await keyboard.press("Space");
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Finalizar Compra" }));
  await keyboard.press("Enter");

  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
});

test("one payment line for the chosen method, one account dialog, one id per payment radio", async ({
  page,
  request,
  js,
  visit,
  checkout,
}) => {
  // /entrar's own dialog follows its tab links (?conta=): no second dialog over it.
  await visit("/entrar?conta=registrar");
  await expect(page.getByRole("dialog", { name: "Registrar" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);

  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 100 && p.PARCELAS >= 2);
  await checkout(product.itemTOTVS);
  const summary = page.getByTestId("payment-summary");
  // The whole text of the line, hidden parts included: what a reader without CSS gets.
  await expect(summary).toHaveText("À vista no Boleto Bancário");

  const radios = await page.getByRole("radio").evaluateAll((inputs) =>
    inputs.map((input) => ({
      id: input.id,
      sameId: document.querySelectorAll(`[id="${input.id}"]`).length,
      label: input.closest("label")?.htmlFor,
    })),
  );
  expect(radios.length).toBeGreaterThanOrEqual(2);
  for (const radio of radios) expect(radio).toEqual({ id: radio.id, sameId: 1, label: radio.id });

  // A card attempt with 2 instalments and no card: the line says only the card's instalments.
  const form = page.getByTestId("payment-form");
  await form.getByLabel("Cartão de Crédito").check();
  if (!js) await expect(summary).toBeHidden();
  await form.getByLabel("Parcelamento").selectOption("2");
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(form).toHaveAccessibleDescription(/Formulário Incompleto/);
  await expect(summary).toHaveText(/^Parcelado em 2 x de R\$ [\d.]+,\d{2} no Crédito$/);
  await expect(summary).toBeVisible();
  expect(await page.content()).not.toContain("À vista no Boleto Bancário");
});
