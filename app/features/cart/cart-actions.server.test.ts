/**
 * Spec §8 cart errors as the storefront handles them, against a small double of an
 * external store API (STORE_API_URL) that answers what the bundled one never does: a 402,
 * a 401 mid-session, a 5xx.
 */
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartAction } from "./cart-actions.server.ts";
import { SESSION_EXPIRED_PATH } from "#app/.server/session-expiry.server.ts";
import { STORE_API_UNAVAILABLE } from "#app/.server/store-api/index.server.ts";
import { startStoreApiDouble, toastOf } from "#tests/fixtures/store-api-double.ts";
import { cartItemReply } from "#tests/fixtures/store-api-replies.ts";

const STUDENT = "aluno-1";
const storedCart = {
  cart: {
    id: "carrinho-1",
    cartId: "carrinho-1",
    affiliateId: "4",
    version: 7,
    coupon: null,
    subtotal: 50,
    discount: 0,
    total: 50,
    bags: [
      {
        cartId: "carrinho-1",
        name: "Ana",
        studentId: STUDENT,
        RA: "1",
        cartItems: [cartItemReply({ itemTOTVSId: 11, quantity: 2 })],
      },
    ],
  },
  itemsRemoved: [] as { itemTOTVSId: number; title: string }[],
};

/** What the double answers to the cart's read (the cart before a change). */
let shown: typeof storedCart = storedCart;
/** What the double answers to the next cart writes, and what it was sent. */
let replies: { status: number; body: unknown }[] = [];
let received: { path: string; body: { bags?: unknown } }[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;
let cookie: string;

beforeAll(async () => {
  double = await startStoreApiDouble((request) => {
    if (request.method === "GET" && request.path === "/carts/list-cart-by-customer/cliente-1/store/1")
      return { status: 200, body: shown };
    received.push({ path: request.path, body: request.body });
    return replies.shift() ?? { status: 200, body: storedCart };
  });
  cookie = double.cookie;
});

afterAll(() => double.close());

beforeEach(() => {
  shown = storedCart;
  replies = [];
  received = [];
});

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [key, value] of Object.entries({ redirectTo: "/produto/papelaria/caderno", ...fields }))
    formData.append(key, value);
  return formData;
};
const increase = form({ intent: "quantity", studentId: STUDENT, itemTOTVSId: "11", quantity: "3" });

async function submit(formData: FormData): Promise<Response> {
  const request = new Request("http://loja.test/carrinho", { method: "POST", headers: { cookie } });
  try {
    return await cartAction(await requestArgs(request), formData);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a customer's Comprar without a student (issue 25 point 10)", () => {
  it("adds nothing and opens the product's link modal: the item waits for its student there", async () => {
    const response = await submit(form({ intent: "add", studentId: "", itemTOTVSId: "12" }));
    expect(received).toEqual([]);
    expect(response.headers.get("location")).toBe("/produto/papelaria/caderno?vinculo=escolha");
  });

  it("from anywhere else, adds nothing and says to choose the student on the product's page", async () => {
    const response = await submit(form({ intent: "add", itemTOTVSId: "12", redirectTo: "/faq" }));
    expect(received).toEqual([]);
    expect(response.headers.get("location")).toBe("/faq?carrinho=aberto");
    expect(await toastOf(response)).toMatchObject({ type: "error" });
  });
});

describe("cart errors from the store API (spec §8)", () => {
  it("sends the whole cart with the version the shopper saw, and reopens the panel", async () => {
    const response = await submit(increase);
    expect(received).toEqual([
      {
        path: "/carts/client-add-item-to-cart",
        body: {
          affiliateId: "4",
          storeId: 1,
          customerId: "cliente-1",
          version: 7,
          bags: [{ studentId: STUDENT, cartItems: [{ itemTOTVSId: 11, quantity: 3 }] }],
        },
      },
    ]);
    expect(response.headers.get("location")).toBe("/produto/papelaria/caderno?carrinho=aberto");
  });

  it("402: shows the message on a page that then goes home, and empties the cart", async () => {
    replies = [{ status: 402, body: { error: { message: "Pagamento pendente na secretaria." } } }];
    const response = await submit(form({ intent: "add", studentId: STUDENT, itemTOTVSId: "12" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/aviso?motivo=carrinho-recusado");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "Pagamento pendente na secretaria." });
    expect(received.map((call) => call.body.bags)).toEqual([
      [
        {
          studentId: STUDENT,
          cartItems: [
            { itemTOTVSId: 11, quantity: 2 },
            { itemTOTVSId: 12, quantity: 1 },
          ],
        },
      ],
      [],
    ]);
  });

  it("409 or any refusal: shows the message, changes nothing more and keeps the shopper on the page", async () => {
    replies = [{ status: 409, body: { error: { message: "Seu carrinho mudou em outra aba. Atualize a página." } } }];
    const response = await submit(increase);
    expect(response.headers.get("location")).toBe("/produto/papelaria/caderno?carrinho=aberto");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      message: "Seu carrinho mudou em outra aba. Atualize a página.",
    });
    expect(received).toHaveLength(1);
  });

  it("a failing store API is a message, not an error page", async () => {
    replies = [{ status: 500, body: { error: { message: "NullPointerException at CartService.java:88" } } }];
    const response = await submit(increase);
    expect(await toastOf(response)).toMatchObject({ type: "error", message: STORE_API_UNAVAILABLE });
  });

  it("401: the session-expired flow", async () => {
    replies = [{ status: 401, body: { error: { message: "Token expirado." } } }];
    const response = await submit(increase);
    expect(response.headers.get("location")).toBe(SESSION_EXPIRED_PATH);
  });

  it("itemsRemoved does not replace the change's own toast (the notice reaches the page: removal-notice.server.test.ts)", async () => {
    replies = [{ status: 200, body: { ...storedCart, itemsRemoved: [{ itemTOTVSId: 11, title: "Caderno" }] } }];
    const response = await submit(form({ intent: "add", studentId: STUDENT, itemTOTVSId: "12" }));
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Item adicionado ao carrinho!" });
  });
});

describe("a change that takes a bag's list discount away (docs/decisions/0072)", () => {
  const list = { listId: "lista-1", title: "Lista de material — 6º Ano", percentage: 5 };
  const withList = (materialList: object) => ({
    ...storedCart,
    cart: { ...storedCart.cart, bags: [{ ...storedCart.cart.bags[0]!, materialList }] },
  });
  const lost = withList({ ...list, discount: 0, applies: false, missing: ["Caderno universitário 10 matérias"] });

  it("warns with the required line the bag now misses, as the bundled API says", async () => {
    const listDiscountRemoved = [
      { studentName: "Ana", title: list.title, missing: ["Caderno universitário 10 matérias"] },
    ];
    replies = [{ status: 200, body: { ...lost, listDiscountRemoved } }];
    const response = await submit(increase);
    expect(await toastOf(response)).toMatchObject({
      type: "warning",
      message: "O desconto da lista completa deixou de valer: falta Caderno universitário 10 matérias.",
    });
  });

  it("reads it from the bags before and after from a store API that does not say", async () => {
    shown = withList({ ...list, discount: 2.5, applies: true, missing: [] });
    replies = [{ status: 200, body: withList({ ...list, discount: 0, applies: false, missing: ["Régua", "Cola"] }) }];
    const response = await submit(increase);
    expect(await toastOf(response)).toMatchObject({
      type: "warning",
      message: "O desconto da lista completa deixou de valer: faltam Régua e Cola.",
    });
  });

  it("says nothing when the bag did not have it before the change", async () => {
    shown = lost;
    replies = [{ status: 200, body: lost }];
    const response = await submit(increase);
    expect(await toastOf(response)).toBeNull();
  });
});
