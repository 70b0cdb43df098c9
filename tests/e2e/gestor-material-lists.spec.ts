import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { formatCalendarDate, todayInBrazil } from "#core/dates.ts";
import { expect, test } from "./support/fixtures.ts";
import { Auditor } from "./support/axe.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// The gestor's Listas de material (issue 29). The projects share one server: each run works in
// a far-future period of its own (years 9100 to 9999, beyond the Séries spec's; each test its
// own part of them), with grade codes of its own, and builds last year's grades and lists itself.

interface Product {
  code: number;
  title: string;
}

/**
 * Last year's grade and its published list of three of the shop's pieces of material; this
 * year's grade without a list (unless `gradeThisYear` is false).
 */
async function lastYearsList(
  period: string,
  previous: string,
  codgrade: string,
  gradeThisYear = true,
): Promise<Product[]> {
  return withStoreDatabase(async (db) => {
    const products = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select(["products.id", "products.item_totvs_id", "products.title", "products.store_id"])
      .where("products.status", "=", "enabled")
      .where("products.visible", "=", 1)
      .where("products.option_name", "is", null)
      // School material, not a course: a course's seats are another spec's.
      .where("products.type", "!=", "S")
      .where("categories.status", "=", "enabled")
      .where("categories.visible", "=", 1)
      .orderBy("products.item_totvs_id")
      .limit(4)
      .execute();
    const storeId = products[0]!.store_id;
    const now = new Date().toISOString();
    for (const code of gradeThisYear ? [previous, period] : [previous])
      await db
        .insertInto("series")
        .values({
          store_id: storeId,
          period_code: code,
          codgrade,
          course: "Ensino Fundamental II",
          grade_name: `6º Ano ${codgrade}`,
          position: 1,
          updated_at: now,
        })
        .execute();
    const listId = crypto.randomUUID();
    await db
      .insertInto("material_lists")
      .values({
        id: listId,
        store_id: storeId,
        period_code: previous,
        codgrade,
        notice: "Entregar tudo com nome.",
        publish_from: `${previous.slice(0, 4)}-01-10`,
        discount_percentage: 5,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [index, product] of products.slice(0, 3).entries())
      await db
        .insertInto("material_list_lines")
        .values({
          id: crypto.randomUUID(),
          list_id: listId,
          product_id: product.id,
          position: index + 1,
          quantity: 1,
          required: index === 0 ? 1 : 0,
          collective_use: 0,
          note: index === 0 ? "pode ser o do ano anterior" : null,
        })
        .execute();
    return products.map((product) => ({ code: product.item_totvs_id, title: product.title }));
  });
}

const lineTitles = (page: Page) =>
  page.getByRole("list", { name: "Itens da lista" }).getByRole("listitem").locator("p.font-semibold");
const line = (page: Page, position: number, title: string) =>
  page.getByRole("listitem", { name: `Item ${position}: ${title}` });
/** What the server saved of a line (its fields show what was typed at once): a state to wait for after a save. */
const summary = (page: Page, position: number, title: string) => line(page, position, title).getByTestId("resumo-item");

test("the gestor copies last year's list, edits it and publishes it with a discount", async ({
  page,
  context,
  visit,
  js,
}) => {
  test.slow(); // a dozen page loads without JavaScript
  const year = 9100 + Math.floor(Math.random() * 500);
  const period = `${year}00`;
  const previous = `${year - 1}00`;
  const codgrade = `ML${Math.floor(Math.random() * 1_000_000)}`;
  const [first, second, third, fourth] = await lastYearsList(period, previous, codgrade);

  await logInStaff(context, "admin");
  await visit(`/gestor/listas?periodo=${period}`);
  await expect(page.getByRole("heading", { name: `Listas de material do período ${period}` })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(codgrade) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Sem lista");

  await row
    .getByRole("button", { name: `Copiar de ${previous} (3 itens) para 6º Ano ${codgrade} (${codgrade})` })
    .click();
  await expect(
    page.getByRole("heading", { name: `Lista de material: 6º Ano ${codgrade} (${codgrade}) · período ${period}` }),
  ).toBeVisible();
  await waitForHydration(page, js);
  // A copy is a draft, without last year's discount, with last year's lines and notes.
  await expect(page.getByTestId("situacao-lista")).toHaveText("Rascunho · 3 itens");
  await expect(lineTitles(page)).toHaveText([
    `1. ${first!.title} (${first!.code})`,
    `2. ${second!.title} (${second!.code})`,
    `3. ${third!.title} (${third!.code})`,
  ]);
  await expect(line(page, 1, first!.title).getByLabel("Observação para os responsáveis (opcional)")).toHaveValue(
    "pode ser o do ano anterior",
  );

  // A line: the fourth product found by its name, two of it.
  await page.getByLabel("Buscar produto pelo nome").fill(fourth!.title);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.getByRole("link", { name: `Usar este produto: ${fourth!.title}`, exact: true }).click();
  await expect(page.getByLabel("Código do item")).toHaveValue(String(fourth!.code));
  await waitForHydration(page, js);
  const newLine = page.locator("#novo-item");
  await newLine.getByLabel("Quantidade").fill("2");
  await page.getByRole("button", { name: "Incluir item" }).click();
  await expect(page.getByTestId("situacao-lista")).toHaveText("Rascunho · 4 itens");
  await expect(summary(page, 4, fourth!.title)).toHaveText("2 unidades · Opcional");
  await waitForHydration(page, js);

  // The same product again: refused in Portuguese, nothing added.
  await page.getByLabel("Código do item").fill(String(first!.code));
  await page.getByRole("button", { name: "Incluir item" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `O produto "${first!.title}" já está nesta lista` }),
  ).toBeVisible();
  await expect(page.getByTestId("situacao-lista")).toHaveText("Rascunho · 4 itens");
  await waitForHydration(page, js);

  // A quantity, and the second line required.
  await line(page, 1, first!.title).getByLabel("Quantidade").fill("3");
  await line(page, 1, first!.title)
    .getByRole("button", { name: `Salvar item ${first!.title}` })
    .click();
  await expect(summary(page, 1, first!.title)).toHaveText("3 unidades · Obrigatório");
  await expect(line(page, 1, first!.title).getByLabel("Quantidade")).toHaveValue("3");
  await waitForHydration(page, js);
  await line(page, 2, second!.title).getByLabel("Obrigatório").check();
  await line(page, 2, second!.title)
    .getByRole("button", { name: `Salvar item ${second!.title}` })
    .click();
  await expect(summary(page, 2, second!.title)).toHaveText("1 unidade · Obrigatório");
  await expect(line(page, 2, second!.title).getByLabel("Obrigatório")).toBeChecked();
  await waitForHydration(page, js);

  // "Uso coletivo" on a required line: the law's strongest warning, on the line and the list.
  await line(page, 2, second!.title).getByLabel("Uso coletivo").check();
  await line(page, 2, second!.title)
    .getByRole("button", { name: `Salvar item ${second!.title}` })
    .click();
  await expect(summary(page, 2, second!.title)).toHaveText("1 unidade · Obrigatório · Uso coletivo");
  await expect(
    line(page, 2, second!.title).getByRole("note").filter({ hasText: "Obrigatório e de uso coletivo" }),
  ).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "1 item obrigatório é de uso coletivo." })).toBeVisible();
  await waitForHydration(page, js);
  // axe runs in the page: with JavaScript only. The list with its warnings, the period, the copy's plan, the import.
  const audit = new Auditor(page, js);
  if (js) {
    const listPath = new URL(page.url()).pathname;
    await audit.current("lista com aviso de uso coletivo");
    await audit.views([
      { name: "lista com busca", path: `${listPath}?busca=${encodeURIComponent(fourth!.title)}` },
      { name: "listas do período", path: `/gestor/listas?periodo=${period}` },
      { name: "copiar listas", path: `/gestor/listas/copiar?de=${previous}&para=${period}` },
      { name: "importar listas", path: "/gestor/listas/importar" },
    ]);
    await page.goto(listPath);
    await waitForHydration(page, js);
  }
  audit.expectNone();
  await line(page, 2, second!.title).getByLabel("Uso coletivo").uncheck();
  await line(page, 2, second!.title)
    .getByRole("button", { name: `Salvar item ${second!.title}` })
    .click();
  await expect(summary(page, 2, second!.title)).toHaveText("1 unidade · Obrigatório");
  await expect(page.getByRole("note")).toHaveCount(0);
  await waitForHydration(page, js);

  // The new line up to the top, one place at a time.
  for (const position of [4, 3, 2]) {
    await line(page, position, fourth!.title)
      .getByRole("button", { name: `Subir ${fourth!.title} (${fourth!.code})` })
      .click();
    await expect(line(page, position - 1, fourth!.title)).toBeVisible();
    await waitForHydration(page, js);
  }
  await expect(lineTitles(page)).toHaveText([
    `1. ${fourth!.title} (${fourth!.code})`,
    `2. ${first!.title} (${first!.code})`,
    `3. ${second!.title} (${second!.code})`,
    `4. ${third!.title} (${third!.code})`,
  ]);

  // A discount out of range is refused; then 10 % and published from today.
  const today = todayInBrazil();
  await page.getByLabel("Lista completa com desconto de (%)").fill("60");
  await page.getByRole("button", { name: "Salvar lista" }).click();
  await expect(page.getByText("O desconto deve ser um número inteiro de 1 a 50, ou fique em branco.")).toBeVisible();
  await expect(page.getByTestId("situacao-lista")).toHaveText("Rascunho · 4 itens");
  await waitForHydration(page, js);
  await page.getByLabel("Lista completa com desconto de (%)").fill("10");
  await page.getByLabel("Publicar a partir de").fill(today);
  await page.getByRole("button", { name: "Salvar lista" }).click();
  await expect(page.getByTestId("situacao-lista")).toHaveText(
    `Publicada a partir de ${formatCalendarDate(today)} · 4 itens · Lista completa com 10% de desconto`,
  );
  await waitForHydration(page, js);

  // The period's page says so, and the database holds the order and the quantities.
  await page.getByRole("link", { name: `Voltar às listas de ${period}` }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText(`Publicada a partir de ${formatCalendarDate(today)}`);
  await expect(row.getByRole("cell").nth(2)).toHaveText("4");
  await expect(row.getByRole("cell").nth(3)).toHaveText("10%");
  const rows = await withStoreDatabase((db) =>
    db
      .selectFrom("material_list_lines as l")
      .innerJoin("material_lists as m", "m.id", "l.list_id")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["p.item_totvs_id", "l.position", "l.quantity", "l.required"])
      .where("m.period_code", "=", period)
      .where("m.codgrade", "=", codgrade)
      .orderBy("l.position")
      .execute(),
  );
  expect(rows).toEqual([
    { item_totvs_id: fourth!.code, position: 1, quantity: 2, required: 0 },
    { item_totvs_id: first!.code, position: 2, quantity: 3, required: 1 },
    { item_totvs_id: second!.code, position: 3, quantity: 1, required: 1 },
    { item_totvs_id: third!.code, position: 4, quantity: 1, required: 0 },
  ]);
});

test("the gestor copies last year's lists of a period, exports them and imports a changed file", async ({
  page,
  context,
  visit,
  js,
}) => {
  test.slow(); // several page loads without JavaScript
  const year = 9601 + Math.floor(Math.random() * 399);
  const period = `${year}00`;
  const previous = `${year - 1}00`;
  const run = Math.floor(Math.random() * 1_000_000);
  const [kept, missing] = [`MK${run}`, `MM${run}`];
  const [first, second, third] = await lastYearsList(period, previous, kept);
  // A grade that the new period does not have: its list is not copied.
  await lastYearsList(period, previous, missing, false);

  await logInStaff(context, "admin");
  await visit(`/gestor/listas?periodo=${period}`);
  await page.getByRole("link", { name: `Copiar listas de ${previous}` }).click();
  await expect(page.getByRole("heading", { name: `Copiar listas de material para ${period}` })).toBeVisible();
  const plan = page.getByRole("table", { name: `Listas de ${previous} e o que a cópia faria` });
  await expect(
    plan
      .getByRole("row", { name: new RegExp(kept) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("Copiar");
  await expect(
    plan
      .getByRole("row", { name: new RegExp(missing) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText(`Não copiar: A série não existe no período ${period}.`);
  await waitForHydration(page, js);
  await page.getByRole("button", { name: `Copiar 1 lista para ${period}` }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/listas\\?periodo=${period}$`));
  const row = page.getByRole("row", { name: new RegExp(kept) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Rascunho");
  await expect(row.getByRole("cell").nth(2)).toHaveText("3");
  await waitForHydration(page, js);

  // The period's file: one row per line, in order.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV do período" }).click();
  const exported = await (await downloading).path().then((file) => readFile(file, "utf8"));
  const header = "CODPERLET;CODGRADE;ITEM;QUANTIDADE;OBRIGATORIO;USO_COLETIVO;OBSERVACAO;ORDEM";
  const rows = [
    `${period};${kept};${first!.code};1;S;N;pode ser o do ano anterior;1`,
    `${period};${kept};${second!.code};1;N;N;;2`,
    `${period};${kept};${third!.code};1;N;N;;3`,
  ];
  expect(exported).toBe(`\uFEFF${[header, ...rows].join("\r\n")}\r\n`);

  // The file again with a quantity changed and the last line left out.
  await visit("/gestor/listas/importar");
  await page.getByLabel("Arquivo CSV (até 512 KB)").setInputFiles({
    name: "listas.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, rows[0]!.replace(";1;S;", ";5;S;"), rows[1]].join("\r\n"), "utf8"),
  });
  await page.getByRole("button", { name: "Conferir arquivo" }).click();
  await expect(page.getByTestId("previa-resumo")).toHaveText("0 a criar, 1 a atualizar, 1 sem mudança.");
  await expect(
    page.getByRole("table", { name: "Itens que saem das listas (não estão no arquivo)" }).getByRole("cell", {
      name: third!.title,
    }),
  ).toBeVisible();
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/listas\\?periodo=${period}$`));
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await waitForHydration(page, js);
  await row.getByRole("link", { name: /Abrir lista/ }).click();
  await expect(lineTitles(page)).toHaveText([
    `1. ${first!.title} (${first!.code})`,
    `2. ${second!.title} (${second!.code})`,
  ]);
  await expect(line(page, 1, first!.title).getByLabel("Quantidade")).toHaveValue("5");
});
