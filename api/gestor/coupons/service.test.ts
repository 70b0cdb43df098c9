import { beforeAll, describe, expect, it } from "vitest";
import { COUPON_INVALID } from "#api/contract/coupons.ts";
import { COUPON_ADMIN_MESSAGES } from "#api/contract/gestor/coupons.ts";
import { COUPON_MESSAGES } from "#api/coupons/coupon-rules.ts";
import { addDays, todayInBrazil } from "#core/dates.ts";
import { applyCoupon, bag, finishCart, linkByRA, METHOD, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { ROLE_REFUSED } from "../staff/require-staff.ts";

/** Two demo products of different units and categories, for sale. */
let products: { itemTOTVSId: number; unitCode: string; categoryId: string }[];

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });
beforeAll(async () => {
  const rows = await t.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.item_totvs_id", "p.unit_code", "p.category_id", "p.type"])
    .where("c.status", "=", "enabled")
    .where("p.status", "=", "enabled")
    .where("p.visible", "=", 1)
    .where("p.sale_price_cents", ">", 0)
    .where("p.type", "not in", ["S", "M"])
    .orderBy("p.item_totvs_id")
    .execute();
  const first = rows[0]!;
  const other = rows.find((row) => row.unit_code !== first.unit_code && row.category_id !== first.category_id)!;
  products = [first, other].map((row) => ({
    itemTOTVSId: row.item_totvs_id,
    unitCode: row.unit_code,
    categoryId: row.category_id,
  }));
});

const today = () => todayInBrazil();
let codes = 0;
const fields = (overrides: Record<string, unknown> = {}) => ({
  code: `GESTOR${++codes}${crypto.randomUUID().slice(0, 4)}`,
  percentage: 15,
  startsOn: addDays(today(), -1),
  endsOn: addDays(today(), 30),
  ...overrides,
});
const create = (body: Record<string, unknown>, token = admin.token) =>
  t.call("POST", "/gestor/coupons", { storeId: 1, ...body }, { token });
const update = (id: string, body: Record<string, unknown>, token = admin.token) =>
  t.call("POST", `/gestor/coupons/${id}`, body, { token });
const countCoupons = async () =>
  Number(
    (
      await t.db
        .selectFrom("coupons")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (couponId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", couponId).orderBy("at").execute();

/** A new customer whose cart holds one unit of each product given, for one linked student. */
async function shopper(...items: number[]) {
  const customer = await signUpAndLogIn(t);
  const { studentId } = await linkByRA(t, customer, "20250003");
  const saved = await saveCart(t, customer, [bag(studentId, ...items.map((id): [number, number] => [id, 1]))]);
  return { customer, cartId: saved.body.cart.cartId as string };
}
const offered = async (customer: SignedUpCustomer, cartId: string) =>
  (
    await t.call("GET", `/items-coupons/find-by-cart-id/${cartId}/store/1`, undefined, { token: customer.token })
  ).body.itemCoupons.map((entry: { coupon: { code: string } }) => entry.coupon.code) as string[];

describe("creating and editing coupons", () => {
  it("creates a coupon with its code as the shop compares it, audited, and the shop offers it", async () => {
    const code = `Verao-${crypto.randomUUID().slice(0, 6)}`;
    const reply = await create(fields({ code: `  ${code.toLowerCase()} `, maxUses: 50, maxUsesPerCustomer: 2 }));
    expect(reply.status).toBe(200);
    const { coupon } = reply.body;
    expect(coupon).toMatchObject({
      code: code.toUpperCase(),
      percentage: 15,
      startsOn: addDays(today(), -1),
      endsOn: addDays(today(), 30),
      maxUses: 50,
      maxUsesPerCustomer: 2,
      paused: false,
      state: "ativo",
      uses: 0,
      unitCodes: [],
      categoryIds: [],
    });
    const [entry] = await auditOf(coupon.id);
    expect(entry).toMatchObject({ action: "coupon.create", actor_label: admin.email, before_json: null });
    expect(entry!.summary).toBe(`Criou o cupom ${code.toUpperCase()} (15%)`);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ code: code.toUpperCase(), percentage: 15 });

    const { customer, cartId } = await shopper(products[0]!.itemTOTVSId);
    expect(await offered(customer, cartId)).toContain(code.toUpperCase());
    expect((await applyCoupon(t, customer, cartId, code.toLowerCase())).status).toBe(200);
  });

  it("refuses bad input with a Portuguese message and writes nothing", async () => {
    const before = await countCoupons();
    const auditBefore = (await t.db.selectFrom("audit_log").select("id").execute()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ percentage: 0 }, "A porcentagem deve ser um número inteiro de 1 a 100."],
      [{ percentage: 101 }, "A porcentagem deve ser um número inteiro de 1 a 100."],
      [{ percentage: 12.5 }, "A porcentagem deve ser um número inteiro de 1 a 100."],
      [{ code: "ab" }, "O código deve ter de 3 a 30 caracteres."],
      [{ code: "CUPOM ÇÃO" }, "Use só letras sem acento, números, hífen (-) ou sublinhado (_)."],
      [{ startsOn: "2026-02-30" }, "Informe uma data válida."],
      [{ startsOn: today(), endsOn: addDays(today(), -1) }, "O último dia deve ser igual ou depois do primeiro."],
      [{ maxUses: 0 }, "Informe um número inteiro maior que zero, ou deixe em branco para não limitar."],
      [{ unitCodes: ["999"] }, "Escolha unidades da lista."],
      [{ categoryIds: [crypto.randomUUID()] }, COUPON_ADMIN_MESSAGES.unknownCategory],
    ];
    for (const [overrides, message] of cases) {
      const reply = await create(fields(overrides));
      expect([JSON.stringify(overrides), reply.status, reply.body.error.message]).toEqual([
        JSON.stringify(overrides),
        400,
        message,
      ]);
    }
    // A code is taken whatever its case.
    const clash = await create(fields({ code: "bemvindo10" }));
    expect([clash.status, clash.body.error.message]).toEqual([409, COUPON_ADMIN_MESSAGES.codeTaken]);
    expect(await countCoupons()).toBe(before);
    expect((await t.db.selectFrom("audit_log").select("id").execute()).length).toBe(auditBefore);
  });

  it("limits a coupon to the store's units: an inactive one only when the coupon had it (issue 27)", async () => {
    const setActive = (active: number) =>
      t.db.updateTable("school_units").set({ active }).where("store_id", "=", 1).where("code", "=", "6").execute();
    const { coupon } = (await create(fields({ unitCodes: ["6"] }))).body;
    await setActive(0);
    try {
      const before = await countCoupons();
      for (const unitCodes of [["6"], ["2"], ["a1"]]) {
        const refused = await create(fields({ unitCodes }));
        expect([unitCodes, refused.status, refused.body.error.message]).toEqual([
          unitCodes,
          400,
          COUPON_ADMIN_MESSAGES.unknownUnit,
        ]);
      }
      expect(await countCoupons()).toBe(before);
      const kept = await update(coupon.id, fields({ code: coupon.code, unitCodes: ["6", "1"] }));
      expect([kept.status, kept.body.coupon.unitCodes]).toEqual([200, ["1", "6"]]);
      // Once taken off, an inactive unit cannot be put back.
      expect((await update(coupon.id, fields({ code: coupon.code, unitCodes: ["1"] }))).status).toBe(200);
      const back = await update(coupon.id, fields({ code: coupon.code, unitCodes: ["1", "6"] }));
      expect([back.status, back.body.error.message]).toEqual([400, COUPON_ADMIN_MESSAGES.unknownUnit]);
    } finally {
      await setActive(1);
    }
  });

  it("edits every field with before and after in the log; the code stays once the coupon was used", async () => {
    const { coupon } = (await create(fields())).body;
    const edited = await update(
      coupon.id,
      fields({ code: coupon.code, percentage: 30, unitCodes: [products[0]!.unitCode], maxUsesPerCustomer: 1 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.coupon).toMatchObject({ percentage: 30, unitCodes: [products[0]!.unitCode] });
    const entry = (await auditOf(coupon.id)).find((row) => row.action === "coupon.update")!;
    expect(JSON.parse(entry.before_json!)).toMatchObject({ percentage: 15, unitCodes: [] });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ percentage: 30, unitCodes: [products[0]!.unitCode] });
    const taken = await update(coupon.id, fields({ code: "ESCOLA5" }));
    expect([taken.status, taken.body.error.message]).toEqual([409, COUPON_ADMIN_MESSAGES.codeTaken]);

    const { customer, cartId } = await shopper(products[0]!.itemTOTVSId);
    await applyCoupon(t, customer, cartId, coupon.code);
    expect((await finishCart(t, customer, cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
    const renamed = await update(coupon.id, fields({ code: `${coupon.code}X` }));
    expect([renamed.status, renamed.body.error.message]).toEqual([400, COUPON_ADMIN_MESSAGES.codeLocked]);

    // Its uses: the purchase, its customer and its discount.
    const page = await t.call("GET", `/gestor/coupons/${coupon.id}`, undefined, { token: atendente.token });
    expect(page.status).toBe(200);
    expect(page.body.coupon).toMatchObject({ uses: 1 });
    expect(page.body.uses.rows).toEqual([
      expect.objectContaining({
        customerEmail: customer.email,
        saleId: expect.any(String),
        discountCents: expect.any(Number),
      }),
    ]);
    expect(page.body.uses.rows[0].discountCents).toBeGreaterThan(0);
    const unknown = await t.call("GET", `/gestor/coupons/${crypto.randomUUID()}`, undefined, { token: admin.token });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, COUPON_ADMIN_MESSAGES.notFound]);
  });
});

describe("the shop honours what the gestor sets", () => {
  it("a paused coupon is neither offered nor accepted, nor bought with; resumed, it is again", async () => {
    const { coupon } = (await create(fields())).body;
    const { customer, cartId } = await shopper(products[0]!.itemTOTVSId);
    expect((await applyCoupon(t, customer, cartId, coupon.code)).status).toBe(200);

    const paused = await t.call("POST", `/gestor/coupons/${coupon.id}/pause`, undefined, { token: admin.token });
    expect(paused.body.coupon).toMatchObject({ paused: true, state: "pausado" });
    // Already in the cart: the purchase refuses it as spec §8 says.
    const finish = await finishCart(t, customer, cartId, { paymentMethodId: METHOD.boleto });
    expect([finish.status, finish.body.error.message]).toEqual([404, COUPON_INVALID]);
    const other = await shopper(products[0]!.itemTOTVSId);
    expect(await offered(other.customer, other.cartId)).not.toContain(coupon.code);
    const refused = await applyCoupon(t, other.customer, other.cartId, coupon.code);
    expect([refused.status, refused.body.error.message]).toEqual([404, COUPON_INVALID]);

    // A second pause changes nothing and logs nothing.
    await t.call("POST", `/gestor/coupons/${coupon.id}/pause`, undefined, { token: admin.token });
    const resumed = await t.call("POST", `/gestor/coupons/${coupon.id}/resume`, undefined, { token: admin.token });
    expect(resumed.body.coupon).toMatchObject({ paused: false, state: "ativo" });
    expect(await offered(other.customer, other.cartId)).toContain(coupon.code);
    const log = (await auditOf(coupon.id)).map((row) => [row.action, row.before_json, row.after_json]);
    expect(log).toEqual([
      ["coupon.create", null, expect.any(String)],
      ["coupon.pause", '{"paused":false}', '{"paused":true}'],
      ["coupon.resume", '{"paused":true}', '{"paused":false}'],
    ]);
  });

  it("a window that has not begun or is over, and limits reached, are refused with their messages", async () => {
    const later = (await create(fields({ startsOn: addDays(today(), 2), endsOn: addDays(today(), 9) }))).body.coupon;
    const over = (await create(fields({ startsOn: addDays(today(), -9), endsOn: addDays(today(), -1) }))).body.coupon;
    const once = (await create(fields({ maxUses: 1 }))).body.coupon;
    const mine = (await create(fields({ maxUsesPerCustomer: 1 }))).body.coupon;
    expect([later.state, over.state]).toEqual(["agendado", "expirado"]);

    const buyer = await shopper(products[0]!.itemTOTVSId);
    await applyCoupon(t, buyer.customer, buyer.cartId, once.code);
    expect((await finishCart(t, buyer.customer, buyer.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
    const again = await shopper(products[0]!.itemTOTVSId);
    await applyCoupon(t, again.customer, again.cartId, mine.code);
    expect((await finishCart(t, again.customer, again.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
    const secondCart = await saveCart(t, again.customer, [
      bag((await linkByRA(t, again.customer, "20250005")).studentId, [products[0]!.itemTOTVSId, 1]),
    ]);

    const { customer, cartId } = await shopper(products[0]!.itemTOTVSId);
    for (const [code, message] of [
      [later.code, COUPON_MESSAGES.notStarted],
      [over.code, COUPON_MESSAGES.expired],
      [once.code, COUPON_MESSAGES.usedUp],
    ]) {
      const reply = await applyCoupon(t, customer, cartId, code!);
      expect([code, reply.status, reply.body.error.message]).toEqual([code, 400, message]);
    }
    const mineAgain = await applyCoupon(t, again.customer, secondCart.body.cart.cartId, mine.code);
    expect([mineAgain.status, mineAgain.body.error.message]).toEqual([400, COUPON_MESSAGES.customerLimit]);
    expect(await offered(customer, cartId)).not.toEqual(expect.arrayContaining([later.code]));
    expect(
      (await t.call("GET", `/gestor/coupons/${once.id}`, undefined, { token: admin.token })).body.coupon.state,
    ).toBe("esgotado");
  });

  it("a coupon for some units or categories takes only carts whose every item is among them", async () => {
    const [inside, outside] = products as [(typeof products)[0], (typeof products)[0]];
    const byUnit = (await create(fields({ unitCodes: [inside.unitCode] }))).body.coupon;
    const byCategory = (await create(fields({ categoryIds: [inside.categoryId] }))).body.coupon;

    const fits = await shopper(inside.itemTOTVSId);
    expect(await offered(fits.customer, fits.cartId)).toEqual(expect.arrayContaining([byUnit.code, byCategory.code]));
    const mixed = await shopper(inside.itemTOTVSId, outside.itemTOTVSId);
    const codes = await offered(mixed.customer, mixed.cartId);
    expect(codes).not.toContain(byUnit.code);
    expect(codes).not.toContain(byCategory.code);
    for (const code of [byUnit.code, byCategory.code]) {
      const reply = await applyCoupon(t, mixed.customer, mixed.cartId, code);
      expect([reply.status, reply.body.error.message]).toEqual([400, COUPON_MESSAGES.otherItems]);
    }

    // Narrowed after it was applied: the purchase refuses it.
    expect((await applyCoupon(t, fits.customer, fits.cartId, byUnit.code)).status).toBe(200);
    await update(byUnit.id, fields({ code: byUnit.code, unitCodes: [outside.unitCode] }));
    const finish = await finishCart(t, fits.customer, fits.cartId, { paymentMethodId: METHOD.boleto });
    expect([finish.status, finish.body.error.message]).toEqual([404, COUPON_INVALID]);
  });
});

describe("who may touch coupons", () => {
  it("atendimento reads but never writes; a customer's token and no token get 401", async () => {
    const { coupon } = (await create(fields())).body;
    const customer = await signUpAndLogIn(t);
    const reads = ["/gestor/coupons?storeId=1", "/gestor/coupon-options?storeId=1", `/gestor/coupons/${coupon.id}`];
    for (const path of reads)
      expect((await t.call("GET", path, undefined, { token: atendente.token })).status).toBe(200);
    const writes: [string, unknown][] = [
      ["/gestor/coupons", { storeId: 1, ...fields() }],
      [`/gestor/coupons/${coupon.id}`, fields({ code: coupon.code, percentage: 99 })],
      [`/gestor/coupons/${coupon.id}/pause`, undefined],
      [`/gestor/coupons/${coupon.id}/resume`, undefined],
    ];
    const before = await countCoupons();
    for (const [path, body] of writes) {
      const refused = await t.call("POST", path, body, { token: atendente.token });
      expect([path, refused.status, refused.body.error.message]).toEqual([path, 403, ROLE_REFUSED]);
      expect((await t.call("POST", path, body, { token: customer.token })).status).toBe(401);
      expect((await t.call("POST", path, body)).status).toBe(401);
    }
    for (const path of reads) {
      expect((await t.call("GET", path, undefined, { token: customer.token })).status).toBe(401);
      expect((await t.call("GET", path)).status).toBe(401);
    }
    expect(await countCoupons()).toBe(before);
    const reread = await t.call("GET", `/gestor/coupons/${coupon.id}`, undefined, { token: admin.token });
    expect(reread.body.coupon).toMatchObject({ percentage: 15, paused: false });
    expect((await auditOf(coupon.id)).map((row) => row.action)).toEqual(["coupon.create"]);
  });

  it("lists the store's coupons with a search by code and the categories to choose from", async () => {
    const { coupon } = (await create(fields())).body;
    const found = await t.call("GET", `/gestor/coupons?storeId=1&q=${coupon.code.toLowerCase()}`, undefined, {
      token: admin.token,
    });
    expect(found.body.rows.map((row: { code: string }) => row.code)).toEqual([coupon.code]);
    const all = await t.call("GET", "/gestor/coupons?storeId=1", undefined, { token: admin.token });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(all.body.rows.map((row: { code: string }) => row.code)).toContain("VOLTAASAULAS15");
    const options = await t.call("GET", "/gestor/coupon-options?storeId=1", undefined, { token: admin.token });
    expect(options.body.categories.length).toBeGreaterThan(5);
  });
});
