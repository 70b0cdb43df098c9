import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { setPiecesLeft } from "./support/stock.ts";

// The gestor's Estoque (issue 28). The projects share one server and the demo seed tracks no
// stock of its own: each run adds a polo of unit 1 in sizes P and M, in the demo's disabled
// category (never shown in the shop), with item codes no other run uses, and tracks its sizes.

async function trackedPolo(run: number) {
  const codes = { model: 880_000_000 + run * 3, P: 880_000_001 + run * 3, M: 880_000_002 + run * 3 };
  const title = `Polo Estoque ${run}`;
  await withStoreDatabase(async (db) => {
    const template = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .selectAll("products")
      .where("categories.status", "=", "disabled")
      .executeTakeFirstOrThrow();
    const productId = crypto.randomUUID();
    await db
      .insertInto("products")
      .values({
        ...template,
        id: productId,
        item_totvs_id: codes.model,
        title,
        slug: `polo-estoque-${run}`,
        search_text: `polo estoque ${run}`,
        unit_code: "1",
        option_name: "Tamanho",
      })
      .execute();
    const now = new Date().toISOString();
    for (const [position, value] of (["P", "M"] as const).entries()) {
      await db
        .insertInto("product_variants")
        .values({
          id: crypto.randomUUID(),
          store_id: template.store_id,
          product_id: productId,
          item_totvs_id: codes[value],
          value,
          position,
          price_cents: null,
          sale_price_cents: null,
          created_at: now,
        })
        .execute();
      await db
        .insertInto("stock_levels")
        .values({
          store_id: template.store_id,
          unit_code: "1",
          item_totvs_id: codes[value],
          available: value === "P" ? 2 : 10,
          updated_at: now,
        })
        .execute();
    }
  });
  return { title, codes };
}

test("an admin filters low stock, adjusts a size with a reason, and sees the movement in its history", async ({
  page,
  context,
  visit,
  js,
}) => {
  const run = Math.floor(Math.random() * 30_000_000);
  const { title, codes } = await trackedPolo(run);
  const admin = await logInStaff(context, "admin", "Ana Estoque");

  await visit("/gestor/estoque");
  await page.getByLabel("Tamanho").fill("P");
  await page.getByLabel("Baixo estoque (5 ou menos)").check();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/low=1/);
  await waitForHydration(page, js);
  const table = page.getByRole("table", { name: "Itens com estoque acompanhado" });
  const sizeP = table.getByRole("row").filter({ hasText: title });
  await expect(sizeP).toHaveCount(1);
  await expect(sizeP).toContainText(`${title} · Tamanho: P`);
  await expect(sizeP.getByRole("cell").nth(3)).toHaveText("2");
  // Size M (10 left) is no low stock.
  await expect(table.getByRole("row").filter({ hasText: `${title} · Tamanho: M` })).toHaveCount(0);

  await sizeP.getByRole("link", { name: `${title} · Tamanho: P` }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/estoque/1/${codes.P}$`));
  await waitForHydration(page, js);
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("2");

  // Taking out more than there is: refused, nothing changed, what was typed kept.
  await page.getByLabel("Como ajustar").selectOption("change");
  await page.getByLabel("Quantidade (use - para retirar)").fill("-3");
  await page.getByLabel("Motivo").fill("Peças com defeito");
  await page.getByRole("button", { name: "Ajustar estoque" }).click();
  await expect(
    page.getByText("O estoque não pode ficar abaixo de zero: há 2 disponíveis, retire no máximo 2."),
  ).toBeVisible();
  await expect(page.getByLabel("Motivo")).toHaveValue("Peças com defeito");
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("2");

  await page.getByLabel("Quantidade (use - para retirar)").fill("5");
  await page.getByLabel("Motivo").fill("Chegou a remessa de novembro");
  await page.getByRole("button", { name: "Ajustar estoque" }).click();
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("7");
  const history = page.getByRole("table", { name: "Histórico de movimentações" });
  await expect(history.getByRole("row").nth(1)).toContainText("Ajuste manual");
  await expect(history.getByRole("row").nth(1)).toContainText("+5");
  await expect(history.getByRole("row").nth(1)).toContainText("Chegou a remessa de novembro");
  await expect(history.getByRole("row").nth(1)).toContainText(admin.name);

  // A sale (or another tab) changes the level while this page shows 7: the count is refused and
  // the page shows the level as it is now, with JavaScript too; what was typed stays.
  await setPiecesLeft(codes.P, 4);
  await page.getByLabel("Como ajustar").selectOption("change");
  await page.getByLabel("Quantidade (use - para retirar)").fill("-1");
  await page.getByLabel("Motivo").fill("Peça manchada");
  await page.getByRole("button", { name: "Ajustar estoque" }).click();
  await expect(
    page.getByText(/O estoque deste item mudou enquanto você editava: agora há 4 disponíveis/),
  ).toBeVisible();
  await expect(page.getByTestId("estoque-disponivel")).toHaveText("4");
  await expect(page.getByLabel("Motivo")).toHaveValue("Peça manchada");
});
