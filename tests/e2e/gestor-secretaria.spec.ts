import { demoProductOfUnit } from "#tests/fixtures/carts.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createCustomer } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

// Staff of one unit (issue 27; docs/decisions/0061-staff-of-one-unit.md): a secretary of unit 1
// finds unit 1's order of a family and not the same family's order of unit 4, and opens nothing
// of the network's catalogue.

test("a unit's secretary sees her unit's orders only and not the catalogue", async ({
  page,
  context,
  visit,
  request,
}) => {
  const customer = await createCustomer(request);
  const sales = await withStoreDatabase(async (db) => {
    const { id } = await db
      .selectFrom("customers")
      .select("id")
      .where("email", "=", customer.email)
      .executeTakeFirstOrThrow();
    const saleOf = async (unit: string) => {
      const saleId = await insertSale(db, {
        customer_id: id,
        status: "pending",
        created_at: new Date().toISOString(),
        bags: [
          {
            student_name: "Lucas Albuquerque Souza",
            student_ra: "20250001",
            items: [{ title: `Camisa da unidade ${unit}`, quantity: 1, unit_price_cents: 5000, unit_code: unit }],
          },
        ],
      });
      const { reference_code } = await db
        .selectFrom("sales")
        .select("reference_code")
        .where("id", "=", saleId)
        .executeTakeFirstOrThrow();
      return { saleId, reference: reference_code };
    };
    return { one: await saleOf("1"), four: await saleOf("4") };
  });

  await logInStaff(context, "secretaria", "Sara Secretária", ["1"]);
  await visit("/gestor");
  // Her units by name, as Unidades writes it.
  const unitOne = await withStoreDatabase((db) =>
    db
      .selectFrom("school_units")
      .select("name")
      .where("store_id", "=", 1)
      .where("code", "=", "1")
      .executeTakeFirstOrThrow(),
  );
  await expect(page.getByTestId("gestor-staff")).toHaveText(`Sara Secretária (Secretaria · ${unitOne.name})`);
  const menu = page.getByRole("navigation", { name: "Área do gestor" });
  await expect(menu.getByRole("link", { name: "Pedidos" })).toBeVisible();
  for (const closed of ["Catálogo", "Cupons", "Unidades", "Equipe", "Auditoria"])
    await expect(menu.getByRole("link", { name: closed })).toHaveCount(0);

  await visit(`/gestor/pedidos?q=${encodeURIComponent(customer.email)}`);
  const table = page.getByRole("table").first();
  await expect(table.getByText(sales.one.reference)).toBeVisible();
  await expect(table.getByText(sales.four.reference)).toHaveCount(0);

  // Unit 4's order by its address: not found, as an order that does not exist.
  const other = await page.goto(`/gestor/pedidos/${sales.four.saleId}`);
  expect(other?.status()).toBe(404);
  await expect(page.getByText("Compra não encontrada.")).toBeVisible();

  const catalogue = await page.goto("/gestor/catalogo");
  expect(catalogue?.status()).toBe(403);
  await expect(page.getByText("Seu perfil não permite acessar esta página.")).toBeVisible();
});

test("a unit's secretary sees a cart with another unit's product and may remove only hers", async ({
  page,
  context,
  request,
  logIn,
  visit,
}) => {
  const customer = await logIn();
  const [mine, other] = await withStoreDatabase((db) =>
    Promise.all([demoProductOfUnit(db, "1"), demoProductOfUnit(db, "4")]),
  );
  await saveCart(request, customer, [
    {
      studentId: await ownStudentId(request, customer),
      cartItems: [mine, other].map(({ itemTOTVSId }) => ({ itemTOTVSId, quantity: 1 })),
    },
  ]);
  await logInStaff(context, "secretaria", "Sara Secretária", ["1"]);

  await visit(`/gestor/carrinhos?por=email&q=${encodeURIComponent(customer.email)}`);
  const cart = page.getByRole("region", { name: `Carrinho de ${customer.name}` });
  const rows = cart.getByRole("table", { name: `Itens do carrinho de ${customer.name}` }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: other.title })).toContainText("Outra unidade");
  await expect(cart.getByRole("button", { name: `Remover ${other.title}` })).toHaveCount(0);
  await expect(cart.getByRole("button", { name: "Excluir carrinho" })).toHaveCount(0);
  await expect(cart.getByTestId("outra-unidade")).toHaveText(
    "Este carrinho também tem produtos de outra unidade: excluí-lo fica com um administrador ou o atendimento.",
  );

  // Her unit's product goes; what is left is only another unit's, so the cart is no longer hers to see.
  await cart.getByRole("button", { name: `Remover ${mine.title}` }).click();
  await expect(page.getByText("Nenhum carrinho aberto encontrado para esta busca.")).toBeVisible();
});
