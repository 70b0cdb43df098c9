/**
 * The unit's counter (issue 30): a paid sale whose goods are separated is found by its pickup
 * code, part handed over to a person the family named and the rest later to the holder, a size
 * exchanged with the unit's stock moving both ways (Estoque shows it), and another unit's
 * secretary gets 404; the sale page says a refund keeps the picked-up pieces out of stock;
 * a course's check-in list checks a student in once. JavaScript on and off.
 */
import { DELIVERY_MESSAGES } from "#api/contract/gestor/delivery.ts";
import { newPickupCode } from "#api/delivery/pickup-code.ts";
import { formatPickupCode } from "#core/delivery.ts";
import { expect, test } from "./support/fixtures.ts";
import { newCpf } from "./support/data.ts";
import { logInStaff } from "./support/gestor.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";
import { buyThroughApi } from "./support/store-api.ts";

test("the counter hands a sale over in parts to the people allowed and swaps a size", async ({
  page,
  context,
  request,
  js,
  logIn,
  visit,
}) => {
  const shirt = await ownProduct({
    type: "P",
    title: "Camisa Balcão",
    sizes: [
      ["M", 3],
      ["G", 2],
    ],
  });
  const notebook = await ownProduct({ type: "P", title: "Caderno Balcão" });
  const customer = await logIn();
  const { saleId, referenceCode } = await buyThroughApi(
    request,
    customer,
    [shirt.sizes.M!, notebook.itemTOTVSId],
    "card",
  );

  // Separação is another screen's (H1's); here the unit has separated the bag already, and the
  // family has named a neighbour in /conta.
  const { code, unitCode } = await withStoreDatabase(async (db) => {
    const sale = await db.selectFrom("sales").select("pickup_code").where("id", "=", saleId).executeTakeFirstOrThrow();
    const code = sale.pickup_code ?? (await newPickupCode(db, 1));
    await db.updateTable("sales").set({ pickup_code: code }).where("id", "=", saleId).execute();
    const bags = db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId);
    await db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "separated" })
      .where("sale_bag_id", "in", bags)
      .execute();
    await db
      .insertInto("customer_pickup_people")
      .values({
        id: crypto.randomUUID(),
        customer_id: customer.id,
        name: "Marta Vizinha Balcão",
        cpf: newCpf(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const line = await db
      .selectFrom("sale_bag_items")
      .select("unit_code")
      .where("sale_bag_id", "in", bags)
      .executeTakeFirstOrThrow();
    return { code, unitCode: line.unit_code };
  });

  await logInStaff(context, "secretaria", "Sônia Balcão", [unitCode]);
  await visit("/gestor/entrega");
  if (!js) await expect(page.getByRole("button", { name: "Ler QR code" })).toHaveCount(0);
  await page.getByLabel("Código de retirada, CPF, RA ou nome").fill(formatPickupCode(code).toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/gestor/entrega/${saleId}$`));

  // Nobody is chosen beforehand: sent without a person, it says so and keeps the line ticked.
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByLabel(`Entregar ${shirt.title} (M)`).check();
  await page.getByRole("button", { name: "Entregar itens marcados" }).click();
  await expect(page.getByRole("alert").filter({ hasText: DELIVERY_MESSAGES.receiverRequired })).toBeVisible();
  await expect(page.getByLabel(`Entregar ${shirt.title} (M)`)).toBeChecked();

  // Part of it to the neighbour the family named.
  await page.getByLabel(/Marta Vizinha Balcão/).check();
  await page.getByRole("button", { name: "Entregar itens marcados" }).click();
  const shirtRow = page.getByTestId("counter-line").filter({ hasText: shirt.title });
  await expect(shirtRow).toContainText("Retirado");
  await expect(shirtRow).toContainText("por Marta Vizinha Balcão");
  await expect(page.getByTestId("counter-history")).toContainText("retirado por Marta Vizinha Balcão");
  await expect(page.getByLabel(`Entregar ${shirt.title} (M)`)).toHaveCount(0);

  // The shirt does not fit: M back to the shelf, G off it.
  await shirtRow.getByRole("link", { name: "Trocar tamanho" }).click();
  await expect(page.getByTestId("current-size")).toHaveText("M");
  await expect(page.getByRole("group", { name: "Trocar por" })).toBeVisible();
  await page.getByLabel(/^G · 2 na unidade/).check();
  await page.getByRole("button", { name: "Confirmar troca" }).click();
  await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();
  await expect(shirtRow).toContainText("Tamanho: G");
  await expect(shirtRow).toContainText("Retirado");
  await expect(page.getByTestId("counter-history")).toContainText("Troca de tamanho (Tamanho M → G)");

  // The rest later, to the account holder.
  await page.getByLabel(/\(titular da conta\)/).check();
  await page.getByLabel(`Entregar ${notebook.title}`).check();
  await page.getByRole("button", { name: "Entregar itens marcados" }).click();
  const notebookRow = page.getByTestId("counter-line").filter({ hasText: notebook.title });
  await expect(notebookRow).toContainText(`por ${customer.name}`);
  await expect(page.getByText("Nenhum item desta unidade está pronto para entregar agora.")).toBeVisible();

  // Estoque: M sold (3 → 2) and given back (3); G handed over instead (2 → 1).
  await visit(`/gestor/estoque/${unitCode}/${shirt.sizes.M}`);
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("3");
  await visit(`/gestor/estoque/${unitCode}/${shirt.sizes.G}`);
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("1");

  // A refund is still possible and says the picked-up pieces stay with the family.
  await visit(`/gestor/pedidos/${saleId}`);
  const pickedUp = page.getByTestId("refund-picked-up");
  await expect(pickedUp).toContainText("Itens já retirados:");
  await expect(pickedUp).toContainText(`${shirt.title} (G)`);
  await expect(pickedUp).toContainText(notebook.title);
  await expect(pickedUp).toContainText("O estorno não os devolve ao estoque.");
  await expect(page.getByText("Entrega: Retirado").first()).toBeVisible();

  // Another unit's secretary finds none of it.
  await logInStaff(context, "secretaria", "Rosa Outra Unidade", [unitCode === "4" ? "1" : "4"]);
  const other = await page.goto(`/gestor/entrega/${saleId}`);
  expect(other?.status()).toBe(404);
  await visit(`/gestor/entrega?q=${encodeURIComponent(code)}`);
  await expect(page.getByText("Nenhum pedido pago encontrado para esta busca.")).toBeVisible();
});

test("the check-in list of a course checks a student in once", async ({ page, context, request, logIn, visit }) => {
  const course = await ownProduct({ type: "S", title: "Curso Check-in", seats: { capacity: 5, available: 5 } });
  const customer = await logIn();
  await buyThroughApi(request, customer, course.itemTOTVSId, "card");
  const unitCode = await withStoreDatabase(
    async (db) =>
      (
        await db
          .selectFrom("products")
          .select("unit_code")
          .where("item_totvs_id", "=", course.itemTOTVSId)
          .executeTakeFirstOrThrow()
      ).unit_code,
  );
  await logInStaff(context, "secretaria", "Célia Portaria", [unitCode]);
  await visit("/gestor/check-in");
  await page.getByRole("link", { name: course.title }).click();
  const list = page.getByRole("table", { name: `Estudantes de ${course.title}` });
  await expect(list).toContainText(customer.name);
  await list.getByRole("button", { name: /^Fazer check-in de / }).click();
  await expect(list).toContainText("Feito em");
  await expect(list.getByRole("button", { name: /^Fazer check-in de / })).toHaveCount(0);
});
