import { REFUND_REASON_MESSAGE } from "#api/contract/gestor/refund-reason.ts";
import { SALE_FILTER_MESSAGES } from "#api/contract/gestor/sales.ts";
import { productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { buyThroughApi } from "./support/store-api.ts";

// Painel and Pedidos (issue 15; docs/decisions/0030-gestor-orders.md), JavaScript on and off.
test.describe("the gestor's Pedidos and Painel", () => {
  let item: number;
  test.beforeEach(async ({ request }) => {
    item = (await productsOf(request, "papelaria")).find((p) => p.TIPO === "P" && p.DESCONTO > 0)!.itemTOTVS;
  });

  test("finds a customer's card sale by e-mail, refunds it with a reason, and the customer sees it refunded", async ({
    page,
    context,
    request,
    logIn,
    visit,
  }) => {
    const customer = await logIn();
    const { referenceCode } = await buyThroughApi(request, customer, item, "card");
    const person = await logInStaff(context, "atendimento", "Rita Atendente");

    await visit("/gestor/pedidos");
    await page.getByLabel("Cliente (e-mail ou CPF)").fill(customer.email.toUpperCase());
    await page.getByRole("button", { name: "Filtrar" }).click();
    const orders = page.getByRole("table", { name: "Pedidos" });
    await expect(orders.getByRole("row")).toHaveCount(2);
    await expect(orders.getByRole("row").nth(1)).toContainText("Pago");
    await orders.getByRole("link", { name: referenceCode }).click();

    await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();
    await expect(page.getByRole("table", { name: "Pagamentos e tentativas" })).toContainText("VISA");
    // A refund needs its reason: nothing happens without one.
    await page.getByRole("button", { name: "Estornar compra" }).click();
    await expect(page.getByText(REFUND_REASON_MESSAGE)).toBeVisible();
    await page.getByLabel("Motivo do estorno").fill("Material em duplicidade");
    await page.getByRole("button", { name: "Estornar compra" }).click();

    const summary = page.locator("dl");
    await expect(summary).toContainText("Estornado");
    await expect(page.getByRole("button", { name: "Estornar compra" })).toHaveCount(0);
    await expect(page.getByTestId("sale-history")).toContainText(
      `Estornou a compra ${referenceCode}: Material em duplicidade (${person.email})`,
    );
    await expect(page.getByTestId("sale-history")).toContainText("Situação: Pago → Estornado");

    // The customer's own order history says so.
    await visit("/conta");
    await expect(page.getByRole("article", { name: `Pedido ${referenceCode}` })).toContainText("Estornado");
  });

  test("shows today's figures and the 30-day chart, with its numbers as a table", async ({
    page,
    context,
    request,
    logIn,
    visit,
  }) => {
    const customer = await logIn();
    await buyThroughApi(request, customer, item, "card");
    await logInStaff(context, "admin");

    await visit("/gestor");
    await expect(page.getByRole("heading", { name: "Hoje" })).toBeVisible();
    // Other tests buy on the same server: today has at least this sale.
    await expect(page.getByTestId("painel-hoje-total")).toContainText(/R\$ \d/);
    await expect(page.getByTestId("painel-hoje-total")).not.toContainText("em 0 vendas");
    await expect(page.getByRole("table", { name: "Hoje: por forma de pagamento" })).toContainText("Cartão de crédito");
    await expect(page.getByRole("img", { name: /Vendas pagas por dia, últimos 30 dias/ })).toBeVisible();
    await page.getByText("Ver os números de cada dia").click();
    const days = page.getByRole("table", { name: "Vendas pagas por dia" });
    await expect(days.getByRole("row")).toHaveCount(31);
    await expect(page.getByRole("link", { name: "Ir para o Atendimento" })).toHaveAttribute(
      "href",
      "/gestor/atendimento",
    );
  });

  test("exports the filtered list, every page of it, as a Brazilian CSV; a wrong filter says why", async ({
    page,
    context,
    request,
    logIn,
    visit,
  }) => {
    const customer = await logIn();
    const paid = await buyThroughApi(request, customer, item, "card");
    const boleto = await buyThroughApi(request, customer, item, "boleto");
    await logInStaff(context, "atendimento");

    await visit("/gestor/pedidos");
    await page.getByLabel("Cliente (e-mail ou CPF)").fill("fulano");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText(SALE_FILTER_MESSAGES.customer)).toBeVisible();

    await page.getByLabel("Cliente (e-mail ou CPF)").fill(customer.email);
    await page.getByLabel("Situação").selectOption({ label: "Aguardando pagamento" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    const orders = page.getByRole("table", { name: "Pedidos" });
    await expect(orders.getByRole("link", { name: boleto.referenceCode })).toBeVisible();
    await expect(orders.getByRole("row")).toHaveCount(2);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV (todas as páginas)" }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Código;Data;Situação;Forma de pagamento;/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${boleto.referenceCode};`);
    expect(lines[1]).toContain(";Aguardando pagamento;Boleto;1;");
    expect(lines[1]).toContain(customer.email);
    expect(bytes.toString("utf8")).not.toContain(paid.referenceCode);
  });
});
