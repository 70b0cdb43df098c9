import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ICON_CATEGORY_SLUGS } from "#db/seed/catalogue-data.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const expectPortugueseError = (body: any) => {
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(3);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack|Error:/);
};

describe("categories", () => {
  it("lists visible, enabled categories of the store, without disabled ones", async () => {
    const { status, body } = await t.call(
      "GET",
      "/categories/list-category-by-store-id/1?field=visible&filter=enabled",
    );
    expect(status).toBe(200);
    const slugs = body.categories.map((c: any) => c.slug);
    for (const slug of ICON_CATEGORY_SLUGS) {
      expect(slugs).toContain(slug);
    }
    expect(body.categories.every((c: any) => c.status === "enabled")).toBe(true);
    expect(slugs).not.toContain("colecao-antiga");
  });

  it("without the filter, lists disabled categories too (the client drops them)", async () => {
    const { body } = await t.call("GET", "/categories/list-category-by-store-id/1");
    expect(body.categories.some((c: any) => c.status === "disabled")).toBe(true);
  });

  it("finds a category by id and answers 404 for an unknown one", async () => {
    const { body: list } = await t.call("GET", "/categories/list-category-by-store-id/1?field=visible&filter=enabled");
    const cursos = list.categories.find((c: any) => c.slug === "cursos");
    const found = await t.call("GET", `/categories/list-category-by-id-and-store-id/${cursos.id}/store/1`);
    expect(found.status).toBe(200);
    expect(found.body.category).toMatchObject({ slug: "cursos", title: cursos.title });
    const missing = await t.call("GET", `/categories/list-category-by-id-and-store-id/${crypto.randomUUID()}/store/1`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Categoria não encontrada.");
  });

  it("answers 400 in Portuguese for malformed ids and 404 for an unknown store", async () => {
    const bad = await t.call("GET", "/categories/list-category-by-id-and-store-id/nao-e-uuid/store/1");
    expect(bad.status).toBe(400);
    expectPortugueseError(bad.body);
    const badStore = await t.call("GET", "/categories/list-category-by-store-id/abc");
    expect(badStore.status).toBe(400);
    expect(badStore.body.error.message).toBe("Identificador de loja inválido.");
    const noStore = await t.call("GET", "/categories/list-category-by-store-id/999");
    expect(noStore.status).toBe(404);
    expect(noStore.body.error.message).toBe("Loja não encontrada.");
    const badQuery = await t.call("GET", "/categories/list-category-by-store-id/1?field=tudo");
    expect(badQuery.status).toBe(400);
  });
});

describe("products", () => {
  it("lists a category's products with the spec's fields", async () => {
    const { status, body } = await t.call(
      "POST",
      "/products/list-product-by-category-slug/cursos/store/1/visible/enabled",
      {
        seriesTOTVSID: [],
      },
    );
    expect(status).toBe(200);
    expect(body.category.slug).toBe("cursos");
    expect(body.products.length).toBeGreaterThanOrEqual(12);
    const product = body.products[0];
    for (const field of [
      "PRECO",
      "DESCONTO",
      "TIPO",
      "NOME",
      "TURNO",
      "PARCELAS",
      "CODCOLIGADA",
      "itemTOTVS",
      "paymentPlan",
      "image",
      "slug",
    ]) {
      expect(product).toHaveProperty(field);
    }
    expect(product.TIPO).toBe("S");
    expect(product.paymentPlan).toHaveProperty("maxInstallments");
    expect(product.image).toMatch(/^\/images\//);
    expect(body.products.every((p: any) => p.DESCONTO <= p.PRECO)).toBe(true);
  });

  it("filters a category by series and tolerates an absent body", async () => {
    const all = await t.call(
      "POST",
      "/products/list-product-by-category-slug/material-didatico/store/1/visible/enabled",
    );
    expect(all.status).toBe(200);
    const serie = all.body.products.find((p: any) => p.seriesTOTVSID.length > 0).seriesTOTVSID[0];
    const filtered = await t.call(
      "POST",
      "/products/list-product-by-category-slug/material-didatico/store/1/visible/enabled",
      {
        seriesTOTVSID: [serie],
      },
    );
    expect(filtered.body.products.length).toBeGreaterThan(0);
    expect(filtered.body.products.length).toBeLessThan(all.body.products.length);
    expect(filtered.body.products.every((p: any) => p.seriesTOTVSID.includes(serie))).toBe(true);
  });

  it("answers 404 for an unknown or disabled category and 400 for bad input", async () => {
    const unknown = await t.call(
      "POST",
      "/products/list-product-by-category-slug/nao-existe/store/1/visible/enabled",
      {},
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Categoria não encontrada.");
    const disabled = await t.call(
      "POST",
      "/products/list-product-by-category-slug/colecao-antiga/store/1/visible/enabled",
      {},
    );
    expect(disabled.status).toBe(404);
    const badJson = await t.call(
      "POST",
      "/products/list-product-by-category-slug/cursos/store/1/visible/enabled",
      "{nao json",
    );
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.message).toBe("O corpo da requisição não é um JSON válido.");
    const badSeries = await t.call("POST", "/products/list-product-by-category-slug/cursos/store/1/visible/enabled", {
      seriesTOTVSID: "todas",
    });
    expect(badSeries.status).toBe(400);
    expectPortugueseError(badSeries.body);
  });

  it("lists products by serie TOTVS id", async () => {
    const { body: seriesBody } = await t.call(
      "GET",
      `/serie-totvs/list-serie-totvs-by-store-id/1?CODPERLET=${new Date().getFullYear()}00`,
    );
    const ids = seriesBody.series.map((s: any) => s.id);
    let found = 0;
    for (const id of ids) {
      const { status, body } = await t.call("POST", "/products/list-product-by-serie-totvs-id/1/visible/enabled", {
        seriesTOTVSID: [id],
      });
      expect(status).toBe(200);
      expect(body.products.every((p: any) => p.seriesTOTVSID.includes(id))).toBe(true);
      found += body.products.length;
    }
    expect(found).toBeGreaterThan(0);
    const empty = await t.call("POST", "/products/list-product-by-serie-totvs-id/1/visible/enabled", {
      seriesTOTVSID: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Informe ao menos uma série.");
  });

  it("lists the home sections with at most 15 products each, newest first", async () => {
    const { status, body } = await t.call("POST", "/products/list-products-in-home/store/1/visible/enabled", {
      categories: [
        { slug: "cursos", limit: 15 },
        { slug: "papelaria", limit: 3 },
        { slug: "nao-existe", limit: 15 },
      ],
    });
    expect(status).toBe(200);
    expect(body.categories.map((c: any) => c.slug)).toEqual(["cursos", "papelaria"]);
    expect(body.categories[0].products.length).toBeLessThanOrEqual(15);
    expect(body.categories[0].products.length).toBeGreaterThan(3);
    expect(body.categories[1].products).toHaveLength(3);
    const dates = body.categories[0].products.map((p: any) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const tooMany = await t.call("POST", "/products/list-products-in-home/store/1/visible/enabled", {
      categories: [{ slug: "cursos", limit: 16 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe("O limite deve ser de 1 a 15 produtos.");
    const missing = await t.call("POST", "/products/list-products-in-home/store/1/visible/enabled", {});
    expect(missing.status).toBe(400);
  });

  it("searches by title ignoring case and accents, and needs a term", async () => {
    const { status, body } = await t.call(
      "GET",
      "/products/search-products-by-title/store/1/visible/enabled?title=CADERNO",
    );
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p: any) => /caderno/i.test(p.title))).toBe(true);
    const accents = await t.call(
      "GET",
      `/products/search-products-by-title/store/1/visible/enabled?title=${encodeURIComponent("didatico")}`,
    );
    expect(accents.body.products.length).toBeGreaterThan(0);
    const wildcard = await t.call("GET", "/products/search-products-by-title/store/1/visible/enabled?title=%25");
    expect(wildcard.body.products).toEqual([]);
    const empty = await t.call("GET", "/products/search-products-by-title/store/1/visible/enabled?title=%20");
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Informe o termo de busca.");
  });
});

describe("highlights, series, store, payment methods", () => {
  it("returns the home highlight with banners, 404 for unknown", async () => {
    const { status, body } = await t.call("GET", "/highlights/list-highlight-by-id/1/store/1/visible/enabled");
    expect(status).toBe(200);
    expect(body.highlight.banners.length).toBeGreaterThan(0);
    expect(body.highlight.banners[0]).toHaveProperty("image");
    expect((await t.call("GET", "/highlights/list-highlight-by-id/99/store/1/visible/enabled")).status).toBe(404);
    expect((await t.call("GET", "/highlights/list-highlight-by-id/x/store/1/visible/enabled")).status).toBe(400);
  });

  it("lists grades of the current period only, and requires CODPERLET", async () => {
    const period = `${new Date().getFullYear()}00`;
    const { status, body } = await t.call("GET", `/serie-totvs/list-serie-totvs-by-store-id/1?CODPERLET=${period}`);
    expect(status).toBe(200);
    expect(body.series.length).toBeGreaterThan(10);
    expect(body.series.every((s: any) => s.CODPERLET === period)).toBe(true);
    for (const level of ["Infantil", "Fundamental", "Médio"]) {
      expect(body.series.some((s: any) => s.CURSO.includes(level))).toBe(true);
    }
    expect(body.series[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        CURSO: expect.any(String),
        HABILITACAO: expect.any(String),
        codgrade: expect.any(String),
      }),
    );
    const missing = await t.call("GET", "/serie-totvs/list-serie-totvs-by-store-id/1");
    expect(missing.status).toBe(400);
  });

  it("returns the store with its terms contract", async () => {
    const { status, body } = await t.call("GET", "/stores/list-store-by-store-id/1");
    expect(status).toBe(200);
    expect(body.store.termsContracts).toMatch(/^https:\/\//);
    expect((await t.call("GET", "/stores/list-store-by-store-id/2")).status).toBe(404);
  });

  it("lists the spec's three payment methods with their codes, and Pix as 3 (docs/decisions/0022-pix.md)", async () => {
    const { body } = await t.call("GET", "/payment-methods/list-payment-methods");
    expect(body.paymentMethods.map((m: any) => [m.code, m.name])).toEqual([
      ["0", "boleto"],
      ["1", "credito"],
      ["2", "gratuito"],
      ["3", "pix"],
    ]);
  });
});

describe("newsletter", () => {
  it("subscribes an e-mail once and refuses a second subscription", async () => {
    const first = await t.call("POST", "/newsletters/create-newsletter", { storeId: 1, email: "Pais@Exemplo.com.br" });
    expect(first.status).toBe(201);
    expect(first.body.newsletter.email).toBe("pais@exemplo.com.br");
    const again = await t.call("POST", "/newsletters/create-newsletter", { storeId: 1, email: "pais@exemplo.com.br" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Esse email já foi cadastrado no newsletter.");
    const rows = await t.db.selectFrom("newsletters").selectAll().where("email", "=", "pais@exemplo.com.br").execute();
    expect(rows).toHaveLength(1);
  });

  it("rejects an empty or malformed e-mail with 400 and writes nothing", async () => {
    const before = await t.db
      .selectFrom("newsletters")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const empty = await t.call("POST", "/newsletters/create-newsletter", { storeId: 1, email: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Informe o e-mail.");
    const bad = await t.call("POST", "/newsletters/create-newsletter", { storeId: 1, email: "sem-arroba" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("E-mail inválido.");
    const after = await t.db
      .selectFrom("newsletters")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it("limits subscriptions per address and answers 429 in Portuguese", async () => {
    const from = (address: string, email: string) =>
      t.api.request("/newsletters/create-newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ storeId: 1, email }),
      });
    for (let i = 0; i < 5; i++) expect((await from("203.0.113.7", `limite${i}@exemplo.com.br`)).status).toBe(201);
    const blocked = await from("203.0.113.7", "limite5@exemplo.com.br");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.message).toBe(
      "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.",
    );
    expect(
      await t.db.selectFrom("newsletters").selectAll().where("email", "=", "limite5@exemplo.com.br").execute(),
    ).toEqual([]);
    expect((await from("203.0.113.8", "outro@exemplo.com.br")).status).toBe(201);
  });

  it("answers unknown paths with 404 in the error format", async () => {
    const { status, body } = await t.call("GET", "/nada/aqui");
    expect(status).toBe(404);
    expect(body.error.message).toBe("Recurso não encontrado.");
  });
});
