import { beforeAll, describe, expect, it } from "vitest";
import { CART_LOOKUP_MESSAGES } from "#api/contract/gestor/carts.ts";
import { applyCoupon, bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { maskCpf, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { STAFF_SESSION_EXPIRED } from "../staff/require-staff.ts";
import { CART_NOT_FOUND, cartHeldBySale, ITEM_NOT_IN_CART } from "./service.ts";

let items: Awaited<ReturnType<typeof demoItems>>;

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"]);
beforeAll(async () => {
  items = await demoItems(t.db);
});

const find = (query: string, token = atendente.token) => t.call("GET", `/gestor/carts?${query}`, undefined, { token });
const removeItem = (cartId: string, body: unknown, token = atendente.token) =>
  t.call("POST", `/gestor/carts/${cartId}/remove-item`, body, { token });
const deleteCart = (cartId: string, token = admin.token) =>
  t.call("POST", `/gestor/carts/${cartId}/delete`, undefined, { token });
const auditOf = (cartId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", cartId).orderBy("at").execute();

/** A customer with two linked students: P[0] ×2 and S[0] for the first, P[0] for the second, and a coupon. */
async function customerWithCart() {
  const customer = await signUpAndLogIn(t);
  const first = await linkByRA(t, customer, "20250003");
  const second = await linkByRA(t, customer, "20250004");
  const { body } = await saveCart(t, customer, [
    bag(first.studentId, [items.P[0]!.itemTOTVSId, 2], [items.S[0]!.itemTOTVSId, 1]),
    bag(second.studentId, [items.P[0]!.itemTOTVSId, 1]),
  ]);
  await applyCoupon(t, customer, body.cart.cartId, "ESCOLA5");
  return { customer, cartId: body.cart.cartId as string };
}

describe("finding a customer's cart", () => {
  it("finds it by e-mail, CPF or a linked student's RA, with its bags, prices and coupon", async () => {
    const { customer, cartId } = await customerWithCart();
    const byEmail = await find(`by=email&q=${encodeURIComponent(` ${customer.email.toUpperCase()} `)}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.carts).toHaveLength(1);
    const [cart] = byEmail.body.carts;
    expect(cart).toMatchObject({
      cartId,
      customer: { id: customer.id, email: customer.email },
      coupon: { code: "ESCOLA5", percentage: 5 },
      heldBy: null,
    });
    expect(cart.bags.map((b: any) => b.studentRA)).toEqual(["20250003", "20250004"]);
    expect(cart.bags[0].items).toEqual([
      {
        itemTOTVSId: items.P[0]!.itemTOTVSId,
        title: items.P[0]!.title,
        quantity: 2,
        unitPriceCents: items.P[0]!.salePriceCents,
        optionName: null,
        optionValue: null,
        ofOtherUnit: false,
      },
      {
        itemTOTVSId: items.S[0]!.itemTOTVSId,
        title: items.S[0]!.title,
        quantity: 1,
        unitPriceCents: items.S[0]!.salePriceCents,
        optionName: null,
        optionValue: null,
        ofOtherUnit: false,
      },
    ]);
    const subtotal = 3 * items.P[0]!.salePriceCents + items.S[0]!.salePriceCents;
    expect(cart.totalCents).toBe(subtotal - Math.round(subtotal * 0.05));

    expect((await find(`by=cpf&q=${encodeURIComponent(maskCpf(customer.cpf))}`)).body.carts[0].cartId).toBe(cartId);
    // The RA finds every customer linked to that student: this test's customer among them.
    const byRa = await find("by=ra&q=20250004");
    expect(byRa.body.carts.map((c: any) => c.cartId)).toContain(cartId);
    expect((await find("by=email&q=ninguem%40exemplo.com.br")).body.carts).toEqual([]);
  });

  it("names the size of a variant's line (issue 28)", async () => {
    const product = await t.db
      .selectFrom("products")
      .select(["id", "title"])
      .where("item_totvs_id", "=", items.P[2]!.itemTOTVSId)
      .executeTakeFirstOrThrow();
    await addSizes(t.db, { id: product.id, storeId: 1 }, { M: 970_002 });
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    expect((await saveCart(t, customer, [bag(studentId, [970_002, 1])])).status).toBe(200);
    const found = await find(`by=email&q=${encodeURIComponent(customer.email)}`);
    expect(found.body.carts[0].bags[0].items).toEqual([
      expect.objectContaining({ itemTOTVSId: 970_002, title: product.title, optionName: "Tamanho", optionValue: "M" }),
    ]);
  });

  it("answers bad searches in Portuguese", async () => {
    for (const [query, message] of [
      ["by=cpf&q=123.456", CART_LOOKUP_MESSAGES.cpf],
      ["by=email&q=%20%20", CART_LOOKUP_MESSAGES.empty],
      ["by=nome&q=Ana", CART_LOOKUP_MESSAGES.key],
    ] as const) {
      const reply = await find(query);
      expect([reply.status, reply.body.error.message]).toEqual([400, message]);
    }
  });
});

describe("the gestor's actions on a cart", () => {
  it("an atendente removes an item: the customer is told, and the audit log keeps before and after", async () => {
    const { customer, cartId } = await customerWithCart();
    const P = items.P[0]!;
    const reply = await removeItem(cartId, { itemTOTVSId: P.itemTOTVSId });
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toEqual([{ itemTOTVSId: P.itemTOTVSId, title: P.title }]);

    const seen = await getCart(t, customer);
    expect(seen.body.itemsRemoved).toEqual([{ id: expect.any(String), itemTOTVSId: P.itemTOTVSId, title: P.title }]);
    expect(seen.body.cart.coupon).toBeNull();
    expect(seen.body.cart.bags).toHaveLength(1);

    const [entry] = await auditOf(cartId);
    expect(entry).toMatchObject({
      action: "cart.remove-item",
      actor_kind: "staff",
      staff_id: atendente.staffId,
      actor_label: atendente.email,
      target_type: "cart",
      summary: `Removeu ${P.title} do carrinho de ${customer.email}`,
    });
    const before = JSON.parse(entry!.before_json!);
    const after = JSON.parse(entry!.after_json!);
    expect(before.map((line: any) => [line.RA, line.itemTOTVSId, line.quantity])).toEqual([
      ["20250003", P.itemTOTVSId, 2],
      ["20250003", items.S[0]!.itemTOTVSId, 1],
      ["20250004", P.itemTOTVSId, 1],
    ]);
    expect(after.map((line: any) => [line.RA, line.itemTOTVSId])).toEqual([["20250003", items.S[0]!.itemTOTVSId]]);

    // Gone already: a second press changes nothing.
    const again = await removeItem(cartId, { itemTOTVSId: P.itemTOTVSId });
    expect([again.status, again.body.error.message]).toEqual([404, ITEM_NOT_IN_CART]);
    expect(await auditOf(cartId)).toHaveLength(1);
  });

  it("an admin deletes the cart: the customer's next read has none, and it is audited", async () => {
    const { customer, cartId } = await customerWithCart();
    const reply = await deleteCart(cartId);
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toHaveLength(2);
    expect((await getCart(t, customer)).body.cart.cartId).toBeNull();
    const [entry] = await auditOf(cartId);
    expect(entry).toMatchObject({
      action: "cart.delete",
      actor_label: admin.email,
      summary: `Excluiu o carrinho de ${customer.email}`,
    });
    expect(JSON.parse(entry!.before_json!)).toHaveLength(3);
    expect(JSON.parse(entry!.after_json!)).toEqual([]);
    expect((await find(`by=email&q=${encodeURIComponent(customer.email)}`)).body.carts).toEqual([]);

    const again = await deleteCart(cartId);
    expect([again.status, again.body.error.message]).toEqual([404, CART_NOT_FOUND]);
  });

  it("refuses a cart a finish in progress holds, with its own message, and changes nothing", async () => {
    const { customer, cartId } = await customerWithCart();
    const saleId = await insertSale(t.db, { customer_id: customer.id, cart_id: cartId, status: "processing" });
    const sale = await t.db
      .selectFrom("sales")
      .select("reference_code")
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();
    const found = await find(`by=email&q=${encodeURIComponent(customer.email)}`);
    expect(found.body.carts[0].heldBy).toEqual({ saleId, referenceCode: sale.reference_code });

    for (const reply of [await removeItem(cartId, { itemTOTVSId: items.P[0]!.itemTOTVSId }), await deleteCart(cartId)])
      expect([reply.status, reply.body.error.message]).toEqual([409, cartHeldBySale(sale.reference_code)]);
    expect(await auditOf(cartId)).toEqual([]);
    expect((await getCart(t, customer)).body.cart.bags).toHaveLength(2);
  });

  it("refuses bad input, unknown carts, customers' tokens and no token, writing nothing", async () => {
    const { customer, cartId } = await customerWithCart();
    const bad = await removeItem(cartId, { itemTOTVSId: "abc" });
    expect([bad.status, bad.body.error.message]).toEqual([400, "Produto inválido."]);
    for (const id of [crypto.randomUUID(), "nao-e-um-id"]) {
      const unknown = await removeItem(id, { itemTOTVSId: items.P[0]!.itemTOTVSId });
      expect([unknown.status, unknown.body.error.message]).toEqual([404, CART_NOT_FOUND]);
    }
    for (const token of [customer.token, undefined]) {
      const calls = [
        await t.call("GET", `/gestor/carts?by=email&q=${encodeURIComponent(customer.email)}`, undefined, { token }),
        await t.call(
          "POST",
          `/gestor/carts/${cartId}/remove-item`,
          { itemTOTVSId: items.P[0]!.itemTOTVSId },
          { token },
        ),
        await t.call("POST", `/gestor/carts/${cartId}/delete`, undefined, { token }),
      ];
      for (const reply of calls) expect([reply.status, reply.body.error.message]).toEqual([401, STAFF_SESSION_EXPIRED]);
    }
    expect(await auditOf(cartId)).toEqual([]);
    expect((await getCart(t, customer)).body.cart.bags).toHaveLength(2);
  });
});
