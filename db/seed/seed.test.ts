import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#db/passwords.ts";
import { isValidCpf } from "#core/cpf.ts";
import { migrateToLatest, openDatabase, type StoreDatabase } from "../client.ts";
import { ICON_CATEGORY_SLUGS, PRODUCTS } from "./catalogue-data.ts";
import { cnpjFromBase, cpfFromBase } from "./documents.ts";
import { DEMO_BIRTH_DATES } from "#tests/fixtures/demo-students.ts";
import { DEMO, seedDemoData } from "./index.ts";
import { MATERIAL_LISTS } from "./material-lists-data.ts";
import {
  ADULT_SIZES,
  CHILDREN_SIZES,
  FULL_COURSE,
  FULL_COURSE_ITEM_CODE,
  FULL_COURSE_WAITING,
  SOLD_OUT_LIST_ITEM,
  SOLD_OUT_SIZES,
  THREE_SEATS_LEFT,
  THREE_SEATS_LEFT_ITEM_CODE,
  TWO_PIECES_LEFT,
  TWO_PIECES_LEFT_ITEM_CODE,
} from "./stock-data.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../public");

let db: StoreDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-seed-"));
  db = await openDatabase({ dataDir });
  await migrateToLatest(db);
  await seedDemoData(db, { now: NOW });
  await seedDemoData(db, { now: NOW });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = async (table: "stores" | "products" | "students" | "customers" | "coupons" | "categories") =>
  (
    await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("documents", () => {
  it("computes valid check digits", () => {
    expect(cpfFromBase("529982247")).toBe("52998224725");
    expect(cnpjFromBase("123456780001")).toBe("12.345.678/0001-95");
  });
});

describe("seedDemoData", () => {
  it("is idempotent: a second run adds nothing", async () => {
    expect(await count("stores")).toBe(1);
    expect(await count("customers")).toBe(1);
    expect(await count("students")).toBe(6);
    expect(await count("coupons")).toBe(3);
  });

  it("creates the store with its terms, the spec's three payment methods and Pix", async () => {
    const store = await db.selectFrom("stores").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect(store.terms_contracts).toBe("https://www.lojaescolar.com.br/termos-de-uso");
    expect(store.cnpj).toBe("12.345.678/0001-95");
    const methods = await db.selectFrom("payment_methods").selectAll().orderBy("id").execute();
    expect(methods.map((m) => [m.id, m.code, m.name])).toEqual([
      [1, "0", "boleto"],
      [2, "1", "credito"],
      [3, "2", "gratuito"],
      [4, "3", "pix"],
    ]);
  });

  it("has every icon category enabled, a fallback-icon category and a disabled one", async () => {
    const categories = await db.selectFrom("categories").selectAll().execute();
    const enabled = categories.filter((c) => c.status === "enabled").map((c) => c.slug);
    for (const slug of ICON_CATEGORY_SLUGS) expect(enabled).toContain(slug);
    expect(enabled.some((slug) => !(ICON_CATEGORY_SLUGS as readonly string[]).includes(slug))).toBe(true);
    expect(enabled).not.toContain("lancamentos");
    const disabled = categories.find((c) => c.slug === DEMO.disabledCategorySlug);
    expect(disabled?.status).toBe("disabled");
    const hidden = await db.selectFrom("products").select("id").where("category_id", "=", disabled!.id).execute();
    expect(hidden.length).toBeGreaterThanOrEqual(1);
  });

  it("seeds a consistent product catalogue", async () => {
    const products = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .selectAll("products")
      .select("categories.slug as category_slug")
      .execute();
    expect(products.length).toBeGreaterThanOrEqual(60);

    const perCategory = (slug: string) => products.filter((p) => p.category_slug === slug).length;
    expect(perCategory("cursos")).toBeGreaterThanOrEqual(12);
    expect(perCategory("papelaria")).toBeGreaterThanOrEqual(12);
    expect(perCategory("fardamento")).toBeGreaterThanOrEqual(10);
    expect(perCategory("material-didatico")).toBeGreaterThanOrEqual(10);

    const keys = products.map((p) => `${p.category_id}/${p.slug}`);
    expect(new Set(keys).size).toBe(products.length);
    // Images are named by slug alone, so slugs are unique across the store too.
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.item_totvs_id)).size).toBe(products.length);

    const free = products.filter((p) => p.price_cents === 0);
    expect(free.length).toBeGreaterThanOrEqual(2);
    expect(free.every((p) => p.sale_price_cents === 0)).toBe(true);
    expect(products.some((p) => p.sale_price_cents >= 100_000)).toBe(true);
    expect(products.some((p) => p.sale_price_cents > 0 && p.sale_price_cents < 10_000)).toBe(true);
    expect(products.some((p) => p.sale_price_cents < p.price_cents)).toBe(true);

    // Every product is sold by a unit the store has (school_units, written by the seed).
    const units = await db.selectFrom("school_units").select("code").where("store_id", "=", 1).execute();
    const unitCodes = new Set(units.map((unit) => unit.code));
    for (const p of products) {
      expect(p.slug, p.title).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.sale_price_cents, p.title).toBeLessThanOrEqual(p.price_cents);
      expect(Number.isInteger(p.sale_price_cents)).toBe(true);
      expect(p.installments).toBeGreaterThanOrEqual(1);
      expect(p.installments).toBeLessThanOrEqual(12);
      expect(["S", "M", "P"]).toContain(p.type);
      expect(p.shift === null).toBe(p.type === "P");
      expect(unitCodes.has(p.unit_code), p.unit_code).toBe(true);
      expect([2026, 2027]).toContain(p.school_year);
      expect(p.created_at < NOW.toISOString()).toBe(true);
      expect(p.search_text).toBe(p.search_text.toLowerCase());
      expect(p.image).toBe(`/images/products/${p.slug}.svg`);
      expect(fs.existsSync(path.join(PUBLIC_DIR, p.image)), p.image).toBe(true);
    }
    expect(products.filter((p) => p.category_slug === "cursos").every((p) => p.type === "S")).toBe(true);
    expect(products.filter((p) => p.category_slug === "material-didatico").every((p) => p.type === "M")).toBe(true);
  });

  it("links products to grades of the current period, and keeps a few grades of the previous one", async () => {
    const series = await db.selectFrom("series").selectAll().execute();
    const current = series.filter((s) => s.period_code === "202600");
    expect(current.length).toBeGreaterThanOrEqual(12);
    expect(series.some((s) => s.period_code === "202500")).toBe(true);
    const links = await db.selectFrom("product_series").selectAll().execute();
    const currentIds = new Set(current.map((s) => s.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => currentIds.has(link.serie_id))).toBe(true);
  });

  it("has a highlight whose banners point at existing images", async () => {
    const banners = await db.selectFrom("highlight_banners").selectAll().where("highlight_id", "=", 1).execute();
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const banner of banners) {
      expect(fs.existsSync(path.join(PUBLIC_DIR, banner.image)), banner.image).toBe(true);
      expect(banner.link).toMatch(/^\/(categoria|produto)\//);
    }
    expect(fs.existsSync(path.join(PUBLIC_DIR, "images/logo.svg"))).toBe(true);
  });

  it("enrols six students with responsibles and valid CPFs", async () => {
    const students = await db.selectFrom("students").selectAll().orderBy("ra").execute();
    expect(students.map((s) => s.ra)).toEqual(DEMO.ras);
    expect(students.every((s) => isValidCpf(s.cpf))).toBe(true);
    const years = await db.selectFrom("student_school_years").selectAll().execute();
    expect(years).toHaveLength(6);
    expect(years.every((y) => y.codperlet === "202600" && y.deleted_at === null)).toBe(true);
    expect(new Set(years.map((y) => y.codcoligada)).size).toBeGreaterThanOrEqual(4);

    const responsibles = await db.selectFrom("responsibles").selectAll().execute();
    expect(responsibles.every((r) => isValidCpf(r.cpf) && /^\d{11}$/.test(r.telefone1))).toBe(true);
    expect(new Set(responsibles.map((r) => r.parentesco))).toEqual(new Set([1, 7, 9]));
    for (const student of students) {
      const own = responsibles.filter((r) => r.student_id === student.id).length;
      expect(own).toBeGreaterThanOrEqual(1);
      expect(own).toBeLessThanOrEqual(2);
    }
  });

  it("gives each student the birth date that linking by RA asks for, as the README lists it", async () => {
    const students = await db.selectFrom("students").select(["ra", "dtnascimento"]).orderBy("ra").execute();
    expect(Object.fromEntries(students.map((s) => [s.ra, s.dtnascimento]))).toEqual(DEMO_BIRTH_DATES);
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    for (const [ra, birthDate] of Object.entries(DEMO_BIRTH_DATES)) {
      const [year, month, day] = birthDate.split("-");
      expect(readme).toContain(`\`${ra}\` · ${day}/${month}/${year}`);
    }
  });

  it("creates the demo customer, linked to two students, whose password verifies", async () => {
    const customer = await db.selectFrom("customers").selectAll().executeTakeFirstOrThrow();
    expect(customer.email).toBe(DEMO.customer.email);
    expect(isValidCpf(customer.cpf)).toBe(true);
    expect(await verifyPassword(DEMO.customer.password, customer.password_hash)).toBe(true);
    expect(await verifyPassword("outra-senha", customer.password_hash)).toBe(false);
    const linked = await db
      .selectFrom("customer_students")
      .innerJoin("students", "students.id", "customer_students.student_id")
      .select("students.ra")
      .where("customer_students.customer_id", "=", customer.id)
      .orderBy("students.ra")
      .execute();
    expect(linked.map((row) => row.ra)).toEqual(DEMO.linkedRas);
  });

  it("has two running coupons and an expired one", async () => {
    const coupons = await db.selectFrom("coupons").selectAll().execute();
    const at = NOW.toISOString();
    for (const { code } of DEMO.coupons.valid) {
      const coupon = coupons.find((c) => c.code === code)!;
      expect(coupon.starts_at <= at && at <= coupon.ends_at).toBe(true);
    }
    for (const { code } of DEMO.coupons.expired) {
      expect(coupons.find((c) => c.code === code)!.ends_at < at).toBe(true);
    }
  });

  it("sells Fardamento's garments in sizes of the school's grid, each its own item code, with a size chart", async () => {
    const uniforms = await db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .select(["p.id", "p.title", "p.item_totvs_id", "p.option_name", "p.size_chart"])
      .where("c.slug", "=", "fardamento")
      .execute();
    const variants = await db.selectFrom("product_variants").selectAll().orderBy("position").execute();
    const sized = uniforms.filter((p) => p.option_name !== null);
    expect(sized.length).toBeGreaterThanOrEqual(8);
    // The kits are sold whole: no size to choose (and one polo, until the Compra Rápida offers sizes).
    const whole = uniforms.filter((p) => p.option_name === null).map((p) => p.title);
    expect(whole.filter((title) => !title.startsWith("Kit"))).toEqual(["Camisa Polo Manga Curta - Ensino Fundamental"]);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    expect(variants.every((v) => sized.some((p) => p.id === v.product_id))).toBe(true);

    const grid: readonly string[] = [...CHILDREN_SIZES, ...ADULT_SIZES];
    const productCodes = new Set(
      (await db.selectFrom("products").select("item_totvs_id").execute()).map((p) => p.item_totvs_id),
    );
    for (const uniform of sized) {
      expect(uniform.option_name).toBe("Tamanho");
      const sizes = variants.filter((v) => v.product_id === uniform.id);
      expect(sizes.length, uniform.title).toBeGreaterThanOrEqual(4);
      // In the grid's order, prices the product's.
      const values = sizes.map((v) => v.value);
      expect(values).toEqual([...values].sort((a, b) => grid.indexOf(a) - grid.indexOf(b)));
      expect(values.every((value) => grid.includes(value))).toBe(true);
      expect(sizes.every((v) => v.price_cents === null && v.sale_price_cents === null && v.active === 1)).toBe(true);
      for (const code of sizes.map((v) => v.item_totvs_id)) expect(productCodes.has(code)).toBe(false);

      const chart = JSON.parse(uniform.size_chart!) as { columns: string[]; rows: string[][] };
      expect(chart.columns[0]).toBe("Tamanho");
      expect(chart.columns).toContain("Idade");
      expect(chart.rows.map((row) => row[0])).toEqual(values);
      for (const row of chart.rows) {
        expect(row).toHaveLength(chart.columns.length);
        // Centimetres grow with the size.
        expect(Number(row[1])).toBeGreaterThan(40);
      }
      const firstMeasure = chart.rows.map((row) => Number(row[1]));
      expect(firstMeasure).toEqual([...firstMeasure].sort((a, b) => a - b));
    }
    expect(new Set(variants.map((v) => v.item_totvs_id)).size).toBe(variants.length);
    // A Brazilian school's whole grid appears: children's 2 to 16 and adults' PP to GG.
    expect(new Set(variants.map((v) => v.value))).toEqual(new Set(grid));
    const calca = sized.find((p) => p.title === "Calça de Helanca Escolar")!;
    expect(variants.filter((v) => v.product_id === calca.id).map((v) => v.value)).toEqual(grid);
  });

  it("counts pieces per size in the unit that sells the garment, a few sizes sold out, one with exactly 2 left", async () => {
    const levels = await db
      .selectFrom("stock_levels")
      .innerJoin("product_variants as v", (join) =>
        join
          .onRef("v.item_totvs_id", "=", "stock_levels.item_totvs_id")
          .onRef("v.store_id", "=", "stock_levels.store_id"),
      )
      .innerJoin("products as p", "p.id", "v.product_id")
      .select([
        "p.slug",
        "p.unit_code as product_unit",
        "stock_levels.unit_code",
        "v.value",
        "v.item_totvs_id",
        "stock_levels.available",
      ])
      .execute();
    const variants = await db.selectFrom("product_variants").select("item_totvs_id").execute();
    expect(levels).toHaveLength(variants.length);
    expect(levels.every((level) => level.unit_code === level.product_unit)).toBe(true);
    expect(new Set(levels.map((level) => level.unit_code)).size).toBeGreaterThanOrEqual(3);

    const soldOut = levels.filter((level) => level.available === 0);
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    expect(soldOut.length).toBeLessThan(levels.length / 5);
    for (const size of SOLD_OUT_SIZES.sizes)
      expect(levels.find((l) => l.slug === SOLD_OUT_SIZES.slug && l.value === size)?.available).toBe(0);

    const twoLeft = levels.filter((level) => level.available === 2);
    expect(twoLeft).toEqual([expect.objectContaining({ slug: TWO_PIECES_LEFT.slug, value: TWO_PIECES_LEFT.size })]);
    expect(twoLeft[0]!.item_totvs_id).toBe(TWO_PIECES_LEFT_ITEM_CODE);
    // Many sizes have more than the product page's "Restam N" threshold (10): not a store running dry.
    expect(levels.filter((level) => level.available > 10).length).toBeGreaterThan(levels.length / 3);
  });

  it("gives some classes a capacity: one with exactly 3 seats left, one full", async () => {
    const classes = await db
      .selectFrom("products as p")
      .innerJoin("stock_levels as s", (join) =>
        join.onRef("s.item_totvs_id", "=", "p.item_totvs_id").onRef("s.unit_code", "=", "p.unit_code"),
      )
      .select(["p.slug", "p.type", "p.item_totvs_id", "p.capacity", "p.option_name", "s.available"])
      .where("p.capacity", "is not", null)
      .execute();
    expect(classes.length).toBeGreaterThanOrEqual(6);
    const withCapacity = await db.selectFrom("products").select("id").where("capacity", "is not", null).execute();
    expect(withCapacity).toHaveLength(classes.length);
    for (const course of classes) {
      expect(course.type).toBe("S");
      expect(course.option_name).toBeNull();
      expect(course.capacity).toBeGreaterThanOrEqual(12);
      expect(course.capacity).toBeLessThanOrEqual(60);
      expect(course.available).toBeLessThanOrEqual(course.capacity!);
    }
    expect(classes.filter((c) => c.available === 3)).toEqual([
      expect.objectContaining({ slug: THREE_SEATS_LEFT.slug, item_totvs_id: THREE_SEATS_LEFT_ITEM_CODE }),
    ]);
    expect(classes.filter((c) => c.available === 0)).toEqual([
      expect.objectContaining({ slug: FULL_COURSE.slug, item_totvs_id: FULL_COURSE_ITEM_CODE }),
    ]);
  });

  it("puts two parents in the full course's waiting line, in order, and nobody in another's", async () => {
    const line = await db
      .selectFrom("waiting_list_entries")
      .select(["item_totvs_id", "email", "position", "status", "customer_id"])
      .orderBy("position")
      .execute();
    expect(line).toEqual(
      FULL_COURSE_WAITING.map((email, index) => ({
        item_totvs_id: FULL_COURSE_ITEM_CODE,
        email,
        position: index + 1,
        status: "waiting",
        customer_id: null,
      })),
    );
  });

  it("writes every level with its ledger row: per item, the movements add up to the level", async () => {
    const levels = await db.selectFrom("stock_levels").selectAll().execute();
    const movements = await db.selectFrom("stock_movements").selectAll().execute();
    expect(levels.length).toBeGreaterThan(0);
    expect(movements).toHaveLength(levels.length);
    for (const level of levels) {
      const own = movements.filter((m) => m.unit_code === level.unit_code && m.item_totvs_id === level.item_totvs_id);
      expect(own.reduce((sum, m) => sum + m.delta, 0)).toBe(level.available);
      expect(own.every((m) => m.at === NOW.toISOString() && m.sale_id === null && m.staff_id === null)).toBe(true);
    }
    expect(new Set(movements.map((m) => m.reason))).toEqual(new Set(["adjust", "capacity"]));
  });

  it("names in the README's demo table the size with 2 pieces left, the sold-out sizes and the limited classes", () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    const named = (slug: string) => {
      const product = PRODUCTS.find((p) => p.slug === slug)!;
      return `"${product.title}"`;
    };
    const where = (slug: string) => `(\`/produto/${PRODUCTS.find((p) => p.slug === slug)!.categorySlug}/${slug}\`)`;
    expect(readme).toContain(
      `${named(TWO_PIECES_LEFT.slug)}, size ${TWO_PIECES_LEFT.size} ${where(TWO_PIECES_LEFT.slug)}`,
    );
    expect(readme).toContain(
      `${named(SOLD_OUT_SIZES.slug)}, sizes ${SOLD_OUT_SIZES.sizes.join(" and ")} show "Esgotado"`,
    );
    expect(readme).toContain(`${named(THREE_SEATS_LEFT.slug)}, "Restam 3 vagas"`);
    expect(readme).toContain(
      `${named(FULL_COURSE.slug)}, "Turma lotada" and "Entrar na lista de espera", ${FULL_COURSE_WAITING.length} parents already in line`,
    );
    for (const slug of [SOLD_OUT_SIZES.slug, THREE_SEATS_LEFT.slug, FULL_COURSE.slug])
      expect(readme).toContain(where(slug));
  });

  it("publishes material lists of this period for the demo students' grades: a discount, sizes, a sold-out line", async () => {
    const lists = await db
      .selectFrom("material_lists")
      .select(["id", "codgrade", "period_code", "publish_from", "discount_percentage"])
      .execute();
    expect(lists.map((list) => list.codgrade).sort()).toEqual(["EF01", "EF04", "EF06", "EM01"]);
    expect(lists.every((list) => list.period_code === "202600" && list.publish_from! < "2026-03-10")).toBe(true);
    expect(lists.filter((list) => list.discount_percentage !== null)).toEqual([
      expect.objectContaining({ codgrade: "EF06", discount_percentage: 5 }),
    ]);
    const lines = await db
      .selectFrom("material_list_lines as l")
      .innerJoin("material_lists as m", "m.id", "l.list_id")
      .innerJoin("products as p", "p.id", "l.product_id")
      .leftJoin("stock_levels as s", (join) =>
        join.onRef("s.item_totvs_id", "=", "p.item_totvs_id").onRef("s.unit_code", "=", "p.unit_code"),
      )
      .select(["m.codgrade", "p.slug", "p.type", "p.option_name", "l.required", "s.available"])
      .execute();
    const of = (codgrade: string) => lines.filter((line) => line.codgrade === codgrade);
    for (const list of MATERIAL_LISTS) expect(of(list.codgrade)).toHaveLength(list.lines.length);
    // One manual per student (spec §5): a list whose two required manuals could not both be bought.
    for (const { codgrade } of lists) expect(of(codgrade).filter((line) => line.type === "M")).toHaveLength(1);
    for (const codgrade of ["EF06", "EF01"]) {
      expect(of(codgrade).some((line) => line.option_name !== null && line.required === 1)).toBe(true);
      expect(of(codgrade).some((line) => line.required === 0)).toBe(true);
    }
    expect(lines.filter((line) => line.available === 0)).toEqual([
      expect.objectContaining({ codgrade: "EF01", slug: SOLD_OUT_LIST_ITEM.slug, required: 0 }),
    ]);
  });
});
