import { describe, expect, it } from "vitest";
import { CART_LOOKUP_MESSAGES } from "#api/contract/gestor/carts.ts";
import { CART_OF_OTHER_UNITS, ITEM_OF_OTHER_UNIT } from "#api/gestor/carts/service.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  parentWithCart,
  staffLoggedIn,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { demoProductOfUnit } from "#tests/fixtures/carts.ts";
import { insertDiscountList, productIdsOf, rememberListOnBag } from "#tests/fixtures/list-discount.ts";
import { storefrontGet } from "#tests/fixtures/storefront-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { DELETE_CART_INTENT, DELETE_NOT_CONFIRMED, REMOVE_ITEM_INTENT } from "./cart-forms.ts";
import { CART_DELETED, cartSearchHref, cartsAction, ITEM_REMOVED, loadCartsPage } from "./carts.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

const search = (query: string, cookie = atendente.cookie) =>
  loadCartsPage(gestorGet(cookie, `${GESTOR_PATHS.carts}?${query}`));
const post = (back: string, fields: Record<string, string>, cookie = atendente.cookie) =>
  cartsAction(gestorPost(cookie, fields, back).request).then(actionReply);
const itemsOf = (cartId: string) =>
  store.db
    .selectFrom("cart_items")
    .innerJoin("cart_bags", "cart_bags.id", "cart_items.bag_id")
    .select("cart_items.item_totvs_id")
    .where("cart_bags.cart_id", "=", cartId)
    .execute();
const deletedAt = async (cartId: string) =>
  (await store.db.selectFrom("carts").select("deleted_at").where("id", "=", cartId).executeTakeFirstOrThrow())
    .deleted_at;

describe("Carrinhos' search", () => {
  it("sends a visitor without a staff session to the login, changing nothing", async () => {
    const thrown = await thrownBy(search("por=email&q=a%40b.com", ""));
    expect(locationOf(thrown)).toBe(loginFor(`${GESTOR_PATHS.carts}?por=email&q=a%40b.com`));
    const parent = await parentWithCart(store.db, "Lúcia Sem Sessão");
    const onPost = await thrownBy(
      post(GESTOR_PATHS.carts, { intent: DELETE_CART_INTENT, cartId: parent.cartId, confirm: "on" }, ""),
    );
    expect(locationOf(onPost)).toBe(loginFor(GESTOR_PATHS.carts));
    expect(await deletedAt(parent.cartId)).toBeNull();
  });

  it("shows nothing before a search, and the customer's open cart for their e-mail", async () => {
    expect(await search("")).toEqual({ search: { by: "email", q: "" }, carts: null, error: null });
    const parent = await parentWithCart(store.db, "Marta Albuquerque");
    const page = await search(`por=email&q=${encodeURIComponent(parent.email)}`);
    expect(page.error).toBeNull();
    expect(page.carts).toHaveLength(1);
    expect(page.carts![0]).toMatchObject({ cartId: parent.cartId, customer: { id: parent.customer.id } });
    expect(page.carts![0]!.bags[0]!.items.map((item) => item.title)).toEqual(parent.products.map((p) => p.title));
  });

  it("tells why a search cannot run, keeping what was typed", async () => {
    const page = await search("por=cpf&q=123");
    expect(page).toEqual({ search: { by: "cpf", q: "123" }, carts: null, error: CART_LOOKUP_MESSAGES.cpf });
  });
});

describe("Carrinhos' actions", () => {
  it("removes one product and goes back to the same search with a toast", async () => {
    const parent = await parentWithCart(store.db, "Helena Moura");
    const back = cartSearchHref("email", parent.email);
    const [kept, removed] = parent.products;
    const done = await post(back, {
      intent: REMOVE_ITEM_INTENT,
      cartId: parent.cartId,
      itemTOTVSId: String(removed!.itemTOTVSId),
    });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(back);
    expect((await toastOf(done.response!))?.message).toBe(ITEM_REMOVED);
    expect((await itemsOf(parent.cartId)).map((row) => row.item_totvs_id)).toEqual([kept!.itemTOTVSId]);
  });

  it("a removal that takes a bag's material list discount says so, naming what the bag now misses (0072)", async () => {
    const parent = await parentWithCart(store.db, "Cecília Prado");
    const back = cartSearchHref("email", parent.email);
    const [first, second] = parent.products;
    const listId = await insertDiscountList(store.db, {
      codgrade: "GESTOR-T1",
      percentage: 5,
      lines: (await productIdsOf(store.db, [first!.itemTOTVSId, second!.itemTOTVSId])).map((productId) => ({
        productId,
        quantity: 1,
        required: true,
      })),
    });
    await rememberListOnBag(store.db, parent.cartId, parent.studentId, listId);

    const done = await post(back, {
      intent: REMOVE_ITEM_INTENT,
      cartId: parent.cartId,
      itemTOTVSId: String(second!.itemTOTVSId),
    });
    expect(await toastOf(done.response!)).toMatchObject({
      type: "warning",
      message: ITEM_REMOVED,
      description: `O desconto da lista completa de Gabriel deixou de valer: falta ${second!.title}.`,
    });
  });

  it("deletes a cart only with the box ticked; without it, the message and nothing deleted", async () => {
    const parent = await parentWithCart(store.db, "Beatriz Campos");
    const back = cartSearchHref("email", parent.email);
    const refused = await post(back, { intent: DELETE_CART_INTENT, cartId: parent.cartId });
    expect(refused.status).toBe(400);
    expect(refused.data.cartId).toBe(parent.cartId);
    expect(refused.data.result.error).toMatchObject({ confirm: [DELETE_NOT_CONFIRMED] });
    expect(await deletedAt(parent.cartId)).toBeNull();

    const deleted = await post(back, { intent: DELETE_CART_INTENT, cartId: parent.cartId, confirm: "on" });
    expect(locationOf(deleted.response)).toBe(back);
    expect((await toastOf(deleted.response!))?.message).toBe(CART_DELETED);
    expect(await deletedAt(parent.cartId)).not.toBeNull();

    // The second tab's click: the cart is gone, the page says so.
    const again = await post(back, { intent: DELETE_CART_INTENT, cartId: parent.cartId, confirm: "on" });
    expect(locationOf(again.response)).toBe(back);
    expect((await toastOf(again.response!))?.type).toBe("error");
  });
});

describe("A secretary's cart with another unit's product (decision 0061)", () => {
  it("marks the other unit's line, and a forged removal or deletion is refused with the reason, changing nothing", async () => {
    const secretary = await staffLoggedIn(store.db, "secretaria", ["1"]);
    const parent = await parentWithCart(store.db, "Rita Mesquita");
    const [mine, other] = [
      (await demoProductOfUnit(store.db, "1")).itemTOTVSId,
      (await demoProductOfUnit(store.db, "4")).itemTOTVSId,
    ];
    await storeApiFor(storefrontGet(parent.customer.cookie), parent.customer.token).saveCart(parent.customer.id, [
      { studentId: parent.studentId, cartItems: [mine, other].map((itemTOTVSId) => ({ itemTOTVSId, quantity: 1 })) },
    ]);
    const query = `por=email&q=${encodeURIComponent(parent.email)}`;
    const linesSeenBy = async (cookie: string) =>
      (await search(query, cookie)).carts![0]!.bags[0]!.items.map((item) => [item.itemTOTVSId, item.ofOtherUnit]);
    expect(await linesSeenBy(secretary.cookie)).toEqual([
      [mine, false],
      [other, true],
    ]);
    expect(await linesSeenBy(atendente.cookie)).toEqual([
      [mine, false],
      [other, false],
    ]);

    const back = cartSearchHref("email", parent.email);
    const removal = await post(
      back,
      { intent: REMOVE_ITEM_INTENT, cartId: parent.cartId, itemTOTVSId: String(other) },
      secretary.cookie,
    );
    expect(locationOf(removal.response)).toBe(back);
    expect(await toastOf(removal.response!)).toMatchObject({ type: "error", message: ITEM_OF_OTHER_UNIT });
    const deletion = await post(
      back,
      { intent: DELETE_CART_INTENT, cartId: parent.cartId, confirm: "on" },
      secretary.cookie,
    );
    expect(await toastOf(deletion.response!)).toMatchObject({ type: "error", message: CART_OF_OTHER_UNITS });
    expect((await itemsOf(parent.cartId)).map((row) => row.item_totvs_id)).toEqual([mine, other]);
    expect(await deletedAt(parent.cartId)).toBeNull();
  });
});
