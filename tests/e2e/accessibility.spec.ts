import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Product } from "#api/contract/catalogue.ts";
import { createCustomer, expectLoggedIn, loginIcon, modalReady } from "./support/accounts.ts";
import { Auditor, stopPageClock, type AuditedView } from "./support/axe.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { tabTo } from "./support/keyboard.ts";
import { dialogReady, waitForHydration as waitForHydrationOf } from "./support/pages.ts";
import { logInStaff } from "./support/gestor.ts";
import { linkByRa, ownStudentId, saveCart } from "./support/store-api.ts";
import { holdToast } from "./support/toasts.ts";

// axe-core with the WCAG 2.2 AA rules on every page and URL-state dialog, as a visitor and
// logged in, at both sizes (desktop, mobile) in the JavaScript projects (see the describe).
// A serious or critical violation fails the test, listed with the page view it was found on.
// A new page or dialog joins by adding one entry to a list below (VISITOR_VIEWS for what a
// visitor opens by address alone).

test.describe.configure({ timeout: 180_000 });

/** A header <details> menu, opened as a click would (when this size's header has it). */
/** The link modal (spec §2), titled by the question it asks. */
const LINK_MODAL = /para qual estudante é este item/i;

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
    { name: "carrinho vazio", path: "/faq?carrinho=aberto", dialog: "Carrinho de compras" },
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
      { name: "carrinho do visitante", path: "/faq?carrinho=aberto", dialog: "Carrinho de compras" },
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
      { name: "vincular: escolha", path: `${path}?vinculo=escolha`, dialog: LINK_MODAL },
      { name: "vincular: lista", path: `${path}?vinculo=lista`, dialog: LINK_MODAL },
      { name: "vincular: adicionar", path: `${path}?vinculo=adicionar`, dialog: LINK_MODAL },
      { name: "vincular: novo estudante", path: `${path}?vinculo=novo`, dialog: LINK_MODAL },
      { name: "vincular: dados do estudante", path: `${path}?vinculo=lista&estudante=${studentId}`, dialog: /.+/ },
      { name: "compra, passo 2", path: "/compra" },
      { name: "compra, passo 2 (lista)", path: "/compra?vinculo=lista" },
    ]);
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: Minha Conta and its dialogs", async ({ page, request, js, logIn }) => {
    const customer = await logIn();
    // A student linked by RA: the customer's own record ("Sou aluno") is not listed (decision 0043).
    const studentId = await linkByRa(request, customer, "20250005");
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
    await linkByRa(request, await logIn(), "20250005");
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
      { name: "carrinho com item", path: "/faq?carrinho=aberto", dialog: "Carrinho de compras" },
      { name: "compra, passo 3 (pagamento)", path: "/compra" },
    ]);
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
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

  test("axe (WCAG 2.2 AA), toasts: each kind, as the page after a redirect with it shows it", async ({
    page,
    context,
    js,
  }) => {
    // The toast closes itself after 3 s (spec §9): the page's clock stands still from the
    // start, so the toast is still there when axe looks, however slow the machine.
    await stopPageClock(page);
    const audit = new Auditor(page, js, true);
    const kinds = ["success", "error", "warning", "info"] as const;
    for (const type of kinds) {
      await holdToast(context, { type, message: "Mensagem de teste", description: "Com uma segunda linha." });
      await audit.views([
        {
          name: `toast (${type})`,
          path: "/faq",
          prepare: (page) => expect(page.locator(`[data-toast-type=${type}]`)).toBeVisible(),
          scope: "[data-toast-type]",
        },
      ]);
      // What axe saw was the toast: still on screen.
      await expect(page.locator(`[data-toast-type=${type}]`)).toBeVisible();
    }
    audit.expectNone();
  });

  test("axe (WCAG 2.2 AA), customer: the Pix completion as the purchase's redirect shows it, toast included", async ({
    page,
    js,
    request,
    checkout,
  }) => {
    // The success toast closes itself after 3 s: the page's clock stands still (see the toasts' test).
    await stopPageClock(page);
    await checkout((await discounted(request)).itemTOTVS);
    await page.getByLabel("Pix").check();
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: /finalizar compra/i }).click();
    await expect(page).toHaveURL(/\/conclusao\?venda=/);
    await waitForHydrationOf(page, js);
    const toast = page.locator("[data-toast-type=success]");
    await expect(toast).toBeVisible();
    const audit = new Auditor(page, js, true);
    await audit.current("conclusão (Pix) com o toast da compra");
    await expect(toast).toBeVisible();
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
    // and an order (boleto), so Pedidos has a row and the order's page its tables.
    const customer = await checkout((await discounted(request)).itemTOTVS);
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: /finalizar compra/i }).click();
    await expect(page).toHaveURL(/\/conclusao\?venda=/);
    const saleId = new URL(page.url()).searchParams.get("venda")!;
    await checkout((await discounted(request)).itemTOTVS);
    const admin = await logInStaff(context, "admin", "Diretora Axe");
    const email = encodeURIComponent(customer.email);
    await audit.views([
      { name: "gestor: painel", path: "/gestor" },
      { name: "gestor: pedidos", path: "/gestor/pedidos" },
      { name: "gestor: pedido", path: `/gestor/pedidos/${saleId}` },
      { name: "gestor: carrinhos", path: `/gestor/carrinhos?por=email&q=${email}` },
      { name: "gestor: clientes", path: `/gestor/clientes?q=${email}` },
      { name: "gestor: busca", path: `/gestor/busca?q=${email}` },
      { name: "gestor: busca sem resultado", path: "/gestor/busca?q=ninguem-com-este-nome" },
      { name: "gestor: catálogo", path: "/gestor/catalogo" },
      { name: "gestor: novo produto", path: "/gestor/catalogo/produtos/novo" },
      { name: "gestor: categorias", path: "/gestor/catalogo/categorias" },
      { name: "gestor: destaques", path: "/gestor/catalogo/destaques" },
      { name: "gestor: importar", path: "/gestor/catalogo/importar" },
      { name: "gestor: estoque", path: "/gestor/estoque" },
      { name: "gestor: importar estoque", path: "/gestor/estoque/importar" },
      { name: "gestor: separação", path: "/gestor/separacao" },
      { name: "gestor: separação (separados)", path: "/gestor/separacao?state=separated" },
      { name: "gestor: prontos", path: "/gestor/prontos" },
      { name: "gestor: mensagens com falha", path: "/gestor/mensagens" },
      { name: "gestor: cupons", path: "/gestor/cupons" },
      { name: "gestor: novo cupom", path: "/gestor/cupons/novo" },
      { name: "gestor: atendimento", path: "/gestor/atendimento" },
      { name: "gestor: unidades", path: "/gestor/unidades" },
      { name: "gestor: nova unidade", path: "/gestor/unidades/nova" },
      { name: "gestor: unidade (sede)", path: "/gestor/unidades/0" },
      { name: "gestor: equipe", path: "/gestor/equipe" },
      { name: "gestor: auditoria", path: "/gestor/auditoria" },
      { name: "gestor: séries", path: "/gestor/series" },
      { name: "gestor: importar séries", path: "/gestor/series/importar" },
      { name: "gestor: alunos matriculados", path: "/gestor/alunos" },
      { name: "gestor: importar alunos", path: "/gestor/alunos/importar" },
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
      { name: "gestor: série", path: await linkFrom("/gestor/series", /^Editar/) },
      { name: "gestor: aluno", path: await linkFrom("/gestor/alunos?q=20250001", "Lucas Albuquerque Souza") },
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
  const linkDialog = await dialogReady(page.getByRole("dialog", { name: LINK_MODAL }), js);
  // With JavaScript the focus moves into the dialog that opened.
  if (js) await expect(linkDialog).toBeFocused();
  await tabTo(page, linkDialog.getByRole("button", { name: /Sou aluno/ }));
  await keyboard.press("Space");

  const cart = page.getByRole("dialog", { name: "Carrinho de compras" });
  await expect(cart.getByTestId("cart-bag")).toHaveCount(1);
  if (js) await expect(cart).toBeFocused();
  await tabTo(page, cart.getByRole("link", { name: "Proceder com pedido" }));
  await keyboard.press("Enter");

  await expect(page).toHaveURL(/\/compra$/);
  await waitForHydrationOf(page, js);
  // With JavaScript the navigation puts the focus on the new page's heading (a page load
  // starts at the top by itself).
  if (js) await expect(mainHeading(page)).toBeFocused();
  const boleto = page.getByRole("radio", { name: "Boleto Bancário" });
  await tabTo(page, boleto);
  await keyboard.press("Space");
  await expect(boleto).toBeChecked();
  const terms = page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." });
  await tabTo(page, terms);
  await keyboard.press("Space");
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Finalizar compra" }));
  await keyboard.press("Enter");

  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
  if (js) await expect(mainHeading(page)).toBeFocused();
});

/** The page's own heading (h1), where the focus goes after a client-side navigation. */
const mainHeading = (page: Page) => page.getByRole("heading", { level: 1 });

test("keyboard, with JavaScript: the focus goes to the new page's heading after logging in, opening a product or the student list, and back to the opener when a dialog closes", async ({
  page,
  request,
  js,
  visit,
}) => {
  test.skip(!js, "without JavaScript every navigation is a page load, which starts at the top");
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await createCustomer(request);
  const keyboard = page.keyboard;
  await visit(`/categoria/${product.category.slug}`);

  // Logging in: the dialog takes the focus; once it closes, the page's heading has it.
  await tabTo(page, loginIcon(page));
  await keyboard.press("Enter");
  const modal = await modalReady(page, js);
  await expect(modal).toBeFocused();
  await tabTo(page, modal.getByLabel("E-mail"));
  await keyboard.type(customer.email);
  await tabTo(page, modal.getByLabel("Senha", { exact: true }));
  await keyboard.type(customer.password);
  await keyboard.press("Enter");
  await expectLoggedIn(page, customer.name);
  await expect(mainHeading(page)).toBeFocused();

  // A product from the listing: its page's heading.
  await tabTo(
    page,
    page
      .getByRole("main")
      .locator(`a[href="${productPath(product)}"]`)
      .first(),
  );
  await keyboard.press("Enter");
  await expect(page).toHaveURL(productPath(product));
  await expect(mainHeading(page)).toBeFocused();
  await expect(mainHeading(page)).toHaveText(new RegExp(product.NOME.slice(0, 10), "i"));

  // A dialog opened from a button gives the focus back to that button when it closes.
  const buy = page.getByTestId("buy-button");
  await tabTo(page, buy);
  await keyboard.press("Enter");
  // "Item em vinculação", or the question that may replace it (issue 25, point 4).
  const linkDialog = await dialogReady(page.getByRole("dialog", { name: /vinculação|estudante/i }), js);
  await expect(linkDialog).toBeFocused();
  await keyboard.press("Escape");
  await expect(linkDialog).toHaveCount(0);
  await expect(buy).toBeFocused();

  // The student list replaces the link that opened it: the focus stays in the dialog, not on the page's body.
  await keyboard.press("Enter");
  await dialogReady(linkDialog, js);
  await tabTo(page, linkDialog.getByRole("link", { name: /lista de alunos/i }));
  await keyboard.press("Enter");
  await expect(page).toHaveURL(/vinculo=lista/);
  await expect(linkDialog).toBeFocused();
  await keyboard.press("Escape");
  await expect(buy).toBeFocused();

  // Bought for oneself, then the cart's "Proceder com pedido": /compra's heading.
  await keyboard.press("Enter");
  await dialogReady(linkDialog, js);
  await tabTo(page, linkDialog.getByRole("button", { name: /sou aluno/i }));
  await keyboard.press("Space");
  const cart = page.getByRole("dialog", { name: /carrinho de compras/i });
  await expect(cart.getByTestId("cart-bag")).toHaveCount(1);
  await tabTo(page, cart.getByRole("link", { name: /proceder com pedido/i }));
  await keyboard.press("Enter");
  await expect(page).toHaveURL(/\/compra$/);
  await expect(mainHeading(page)).toBeFocused();
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
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(form).toHaveAccessibleDescription(/Formulário incompleto/);
  await expect(summary).toHaveText(/^Parcelado em 2x de R\$ [\d.]+,\d{2} sem juros no Crédito$/);
  await expect(summary).toBeVisible();
  expect(await page.content()).not.toContain("À vista no Boleto Bancário");
});

/**
 * Scrolls each visible element of `selector` in <main> up to where the chat button floats and
 * lists those the button, when shown, covers there: what a parent scrolling a form or a total
 * past the button would meet. Fails if there is nothing to check.
 */
async function expectChatButtonClearOf(page: Page, selector: string) {
  const { checked, covered } = await page.evaluate((selector) => {
    const chat = document.querySelector<HTMLElement>('a[aria-label="Fale conosco pelo chat"]');
    const targets = [...document.querySelectorAll<HTMLElement>(`main :is(${selector})`)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const covered: string[] = [];
    // Not shown on this page at this size: it covers nothing.
    if (!chat || chat.getClientRects().length === 0) return { checked: targets.length, covered };
    for (const target of targets) {
      window.scrollBy(0, target.getBoundingClientRect().top - chat.getBoundingClientRect().top);
      const box = target.getBoundingClientRect();
      const button = chat.getBoundingClientRect();
      const overlaps =
        box.left < button.right && button.left < box.right && box.top < button.bottom && button.top < box.bottom;
      if (overlaps) covered.push(target.outerHTML.slice(0, 100));
    }
    return { checked: targets.length, covered };
  }, selector);
  expect(checked).toBeGreaterThan(0);
  expect(covered, "o botão de chat cobre estes elementos").toEqual([]);
}

test("the chat button covers no field and no total of /compra and /conclusao", async ({ page, request, checkout }) => {
  await checkout((await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0)).itemTOTVS);
  const fields = "input:not([type=hidden]), select, textarea, button";
  await expectChatButtonClearOf(page, `${fields}, [data-testid=checkout-totals]`);
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: /finalizar compra/i }).click();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  await expectChatButtonClearOf(page, `${fields}, a, [data-testid=sale-total]`);
});
