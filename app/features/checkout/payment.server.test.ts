/**
 * "Finalizar compra" as the storefront sends it and reads the answer (spec §7 finish, §8
 * finish errors), against a small double of an external store API on 127.0.0.1.
 */
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { actionReply } from "#tests/fixtures/storefront-requests.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CART_CHANGED, ITEM_SOLD_OUT, itemSoldOutMessage } from "#api/contract/carts.ts";
import { WHATSAPP_TEXTS } from "#api/contract/messages.ts";
import { CONSENT_LATER } from "#app/features/messages/whatsapp-consent.server.ts";
import { CHECKOUT_MESSAGES, payAction } from "./payment.server.ts";
import {
  startStoreApiDouble,
  toastOf,
  type DoubleReply,
  type DoubleRequest,
} from "#tests/fixtures/store-api-double.ts";
import { cartItemReply } from "#tests/fixtures/store-api-replies.ts";

const VISA = "4111111111111111";
const openCart = {
  cart: {
    id: "carrinho-1",
    cartId: "carrinho-1",
    affiliateId: "4",
    version: 3,
    coupon: null,
    subtotal: 250,
    discount: 0,
    total: 250,
    bags: [
      {
        cartId: "carrinho-1",
        name: "Ana",
        studentId: "aluno-1",
        RA: "1",
        cartItems: [
          cartItemReply({
            itemTOTVSId: 11,
            quantity: 1,
            TIPO: "P",
            PARCELAS: 3,
            paymentPlan: { maxInstallments: 3, turnYear: false, schoolYear: 2026 },
          }),
        ],
      },
    ],
  },
  itemsRemoved: [],
};
const emptyCart = {
  cart: { ...openCart.cart, id: null, cartId: null, bags: [], total: 0, subtotal: 0 },
  itemsRemoved: [],
};
const methods = {
  paymentMethods: [
    { id: 7, code: "0", name: "boleto" },
    { id: 8, code: "1", name: "credito" },
    { id: 9, code: "2", name: "gratuito" },
    { id: 10, code: "3", name: "pix" },
  ],
};

let cartReply: unknown = openCart;
/** The store API's answer to the WhatsApp consent ticked at the checkout (issue 31). */
const consentSaved: DoubleReply = {
  status: 200,
  body: { available: true, consentedAt: "2026-11-28T12:00:00.000Z", source: "checkout", phone: "(81) 9****-4567" },
};
let consentReply = consentSaved;
let finishReplies: DoubleReply[] = [];
let received: DoubleRequest[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;
let cookie: string;

beforeAll(async () => {
  // The only call beyond spec §7 the checkout makes here: the WhatsApp consent (issue 31).
  process.env.STORE_API_EXTENSIONS = "setWhatsappConsent";
  double = await startStoreApiDouble((request) => {
    if (request.path.startsWith("/carts/list-cart-by-customer/")) return { status: 200, body: cartReply };
    if (request.path === "/payment-methods/list-payment-methods") return { status: 200, body: methods };
    received.push(request);
    if (request.path === "/messages/whatsapp-consent") return consentReply;
    if (request.path.startsWith("/cart-items/remove-coupon")) return { status: 200, body: openCart };
    return (
      finishReplies.shift() ?? {
        status: 200,
        body: { finished: { link: null, referenceCode: "123", saleId: "venda-1", statusCode: "paid" } },
      }
    );
  });
  cookie = double.cookie;
});

afterAll(() => double.close());

beforeEach(() => {
  cartReply = openCart;
  consentReply = consentSaved;
  finishReplies = [];
  received = [];
});

/** Nothing of the card a shopper typed comes back: number, holder, expiry, security code. */
function expectNoCardIn(reply: unknown) {
  const text = JSON.stringify(reply);
  for (const typed of [VISA, "Fernanda C Lima", "05 / 35", "987"]) expect(text).not.toContain(typed);
}

const cardForm = (overrides: Record<string, string> = {}) => ({
  intent: "pay",
  cartId: "carrinho-1",
  // The cart as the page showed it: openCart's.
  cartVersion: "3",
  cartTotal: "250",
  paymentMethod: "1",
  holder: "Fernanda C Lima",
  number: VISA,
  expiry: "05 / 35",
  cvc: "987",
  installments: "2",
  terms: "on",
  // Anything else a tampered form sends is not read.
  total: "0.01",
  price: "0.01",
  ...overrides,
});

async function pay(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  const reply = actionReply(
    await payAction(
      await requestArgs(new Request("http://loja.test/compra", { method: "POST", headers: { cookie } })),
      formData,
    ),
  );
  return { response: reply.response ?? null, data: reply.data ?? null, status: reply.status };
}

describe("payAction", () => {
  it("sends spec §7's body (year-month-10, upper-case brand) and nothing the form made up, then goes to /conclusao", async () => {
    const { response } = await pay(cardForm());
    expect(received).toEqual([
      {
        method: "PUT",
        path: "/carts/finish-cart-by-customer/cliente-1/cart/carrinho-1/store/1",
        body: {
          paymentMethodId: 8,
          acceptedTerms: true,
          deliveryDate: null,
          installments: 2,
          brand: "VISA",
          cardNumber: VISA,
          expirationDate: "2035-05-10",
          cvv: "987",
          holder: "Fernanda C Lima",
          cartVersion: 3,
          cartTotal: 250,
        },
      },
    ]);
    expect(response!.headers.get("location")).toBe("/conclusao?venda=venda-1");
    expect(await toastOf(response!)).toMatchObject({ type: "success", message: CHECKOUT_MESSAGES.success });
  });

  it("Pix sends its method id and no card field, whatever the form carried, then goes to /conclusao", async () => {
    finishReplies = [
      {
        status: 200,
        body: { finished: { link: null, referenceCode: "123", saleId: "venda-3", statusCode: "pending" } },
      },
    ];
    const { response } = await pay(cardForm({ paymentMethod: "3", installments: "" }));
    expect(received.map((request) => request.body)).toEqual([
      { paymentMethodId: 10, acceptedTerms: true, deliveryDate: null, installments: 1, cartVersion: 3, cartTotal: 250 },
    ]);
    expect(response!.headers.get("location")).toBe("/conclusao?venda=venda-3");
  });

  it("a payment still processing goes to /conclusao with a warning, never the success message", async () => {
    finishReplies = [
      {
        status: 200,
        body: { finished: { link: null, referenceCode: "123", saleId: "venda-2", statusCode: "processing" } },
      },
    ];
    const { response } = await pay(cardForm());
    expect(response!.headers.get("location")).toBe("/conclusao?venda=venda-2");
    expect(await toastOf(response!)).toMatchObject({ type: "warning", message: CHECKOUT_MESSAGES.processing });
  });

  it("a WhatsApp consent the store API refuses: the purchase goes on and the warning says why (issue 31)", async () => {
    consentReply = { status: 422, body: { error: { message: WHATSAPP_TEXTS.noMobile } } };
    const { response } = await pay(cardForm({ whatsappConsent: "on" }));
    expect(received.map((request) => request.path)).toEqual([
      "/messages/whatsapp-consent",
      expect.stringContaining("/carts/finish"),
    ]);
    expect(response!.headers.get("location")).toBe("/conclusao?venda=venda-1");
    expect(await toastOf(response!)).toMatchObject({
      type: "warning",
      message: `${CHECKOUT_MESSAGES.success} Não foi possível registrar o aceite do WhatsApp: cadastre um celular com DDD para receber avisos pelo WhatsApp. Você pode aceitar em Minha Conta.`,
    });
  });

  it("a WhatsApp consent the store API fails to save: the purchase goes on with the generic notice", async () => {
    consentReply = { status: 503, body: { error: { message: "Serviço indisponível" } } };
    const { response } = await pay(cardForm({ whatsappConsent: "on" }));
    expect(await toastOf(response!)).toMatchObject({
      type: "warning",
      message: `${CHECKOUT_MESSAGES.success} ${CONSENT_LATER}`,
    });
  });

  it("a WhatsApp consent saved: the purchase's success toast alone", async () => {
    const { response } = await pay(cardForm({ whatsappConsent: "on" }));
    expect(received[0]!.path).toBe("/messages/whatsapp-consent");
    expect(await toastOf(response!)).toMatchObject({ type: "success", message: CHECKOUT_MESSAGES.success });
  });

  it("refuses instalments above the rule and unaccepted terms without calling the API, keeping the choices but not the card", async () => {
    const tooMany = await pay(cardForm({ installments: "4" }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.result.error.installments).toEqual(["Selecione o parcelamento"]);
    const noTerms = await pay(cardForm({ terms: "" }));
    expect(noTerms.data.toast).toBe(
      "Termos não aceitos: É necessário aceitar os termos de uso para prosseguir com o pagamento.",
    );
    expect(noTerms.data.result.initialValue).toMatchObject({ paymentMethod: "1", installments: "2" });
    expectNoCardIn(noTerms.data);
    expect(received).toEqual([]);
  });

  it("a declined card: the gateway's message, the form kept, nowhere to go", async () => {
    finishReplies = [{ status: 402, body: { error: { message: "Pagamento recusado pela operadora do cartão." } } }];
    const { data, status } = await pay(cardForm());
    expect(status).toBe(400);
    expect(data.toast).toBe("Pagamento recusado pela operadora do cartão.");
    expect(data.result.initialValue).toMatchObject({ paymentMethod: "1", installments: "2" });
    expectNoCardIn(data);
  });

  it("409 ITEM_SOLD_OUT: the lines short of stock named, the form kept but not the card, nowhere to go", async () => {
    const items = [{ itemTOTVSId: 11, title: "Camiseta do uniforme", optionValue: "M" }];
    const message = itemSoldOutMessage(items);
    finishReplies = [{ status: 409, body: { error: { message, code: ITEM_SOLD_OUT, items } } }];
    const { data, status, response } = await pay(cardForm());
    expect(response).toBeNull();
    expect(status).toBe(409);
    expect(data.toast).toBe(message);
    expect(data.soldOut).toEqual(items);
    expect(data.result.initialValue).toMatchObject({ paymentMethod: "1", installments: "2" });
    expectNoCardIn(data);
    // Any other 409 names no line.
    finishReplies = [{ status: 409, body: { error: { message: "Outro conflito." } } }];
    const other = await pay(cardForm());
    expect(other.data.soldOut).toBeUndefined();
  });

  it("a failing store API: check Minha Conta before paying again", async () => {
    finishReplies = [{ status: 502, body: { error: { message: "Gateway timeout at acquirer.internal:443" } } }];
    const { data, status } = await pay(cardForm());
    expect([status, data.toast]).toEqual([503, CHECKOUT_MESSAGES.paymentUnavailable]);
  });

  it("404 Carrinho não foi encontrado: told the gestor deleted it on a page that then goes home", async () => {
    finishReplies = [{ status: 404, body: { error: { message: "Carrinho não foi encontrado" } } }];
    const { response } = await pay(cardForm());
    expect(response!.headers.get("location")).toBe("/aviso?motivo=carrinho-excluido");
    expect(await toastOf(response!)).toMatchObject({
      type: "error",
      message: "Seu carrinho foi deletado pelo administrador",
    });
  });

  // Spec §8's "Cupom inválido", and the coupon another purchase used up (docs/decisions/0048).
  it.each([
    ["Cupom inválido", "O cupom presente no carrinho é inválido. Ele será removido do mesmo em sequência"],
    [
      "Este cupom atingiu o limite de usos.",
      "O cupom do carrinho atingiu o limite de usos e foi removido. Confira o novo total antes de finalizar a compra.",
    ],
  ])(
    "404 %s: the coupon is removed, the parent told why, and the payment step comes back at /checkout",
    async (apiMessage, told) => {
      finishReplies = [{ status: 404, body: { error: { message: apiMessage } } }];
      const { response } = await pay(cardForm());
      expect(received.map((call) => call.path)).toEqual([
        "/carts/finish-cart-by-customer/cliente-1/cart/carrinho-1/store/1",
        "/cart-items/remove-coupon-discount-in-cart-items",
      ]);
      expect(response!.headers.get("location")).toBe("/checkout");
      expect(await toastOf(response!)).toMatchObject({ type: "warning", message: told });
    },
  );

  describe("a cart that changed since the page showed it (docs/decisions/0010)", () => {
    const expectBackToTheCart = async (response: Response | null, location = "/compra") => {
      expect(response!.headers.get("location")).toBe(location);
      expect(await toastOf(response!)).toMatchObject({ type: "warning", message: CART_CHANGED });
    };

    it("another version, another total or none sent: nothing is charged, back to /compra", async () => {
      const shown: [string, string][] = [
        ["cartVersion", "2"],
        ["cartTotal", "225"],
        ["cartVersion", ""],
        ["cartTotal", "abc"],
      ];
      for (const [name, value] of shown) {
        const { response } = await pay(cardForm({ [name]: value }));
        await expectBackToTheCart(response);
      }
      const { response } = await pay(
        Object.fromEntries(Object.entries(cardForm()).filter(([key]) => key !== "cartTotal")),
      );
      await expectBackToTheCart(response);
      expect(received).toEqual([]);
    });

    it("a cart left empty (the gestor removed everything): home, nothing charged", async () => {
      cartReply = { ...openCart, cart: { ...openCart.cart, version: 4, bags: [], total: 0, subtotal: 0 } };
      const { response } = await pay(cardForm());
      await expectBackToTheCart(response, "/");
      expect(received).toEqual([]);
    });

    it("the store API's 409 (a change between the read and the finish) is the same", async () => {
      finishReplies = [{ status: 409, body: { error: { message: CART_CHANGED } } }];
      const { response } = await pay(cardForm());
      await expectBackToTheCart(response);
    });
  });

  it("a repeated submit after the cart was paid asks the API about the cart the page showed", async () => {
    cartReply = emptyCart;
    finishReplies = [
      {
        status: 200,
        body: { finished: { link: null, referenceCode: "123", saleId: "venda-anterior", statusCode: "paid" } },
      },
    ];
    const { response } = await pay(cardForm({ number: "", cvc: "" }));
    expect(received[0]!.path).toBe("/carts/finish-cart-by-customer/cliente-1/cart/carrinho-1/store/1");
    expect(response!.headers.get("location")).toBe("/conclusao?venda=venda-anterior");
  });
});
