import { inspect } from "node:util";
import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBrazil } from "#core/dates.ts";
import { SANDBOX_CARDS } from "#api/payments/sandbox-gateway.ts";
import {
  DOUBLE_CREDENTIALS,
  payOnHostedPage,
  DOUBLE_CARDS,
  startMercadoPagoDouble,
  tokenMethodOf,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { chargeRequest, PAYER } from "#tests/fixtures/charge-requests.ts";
import { GatewayUnavailableError, type ChargeRequest, type PaymentGateway } from "../gateway.ts";
import { MercadoPagoRequestError } from "./client.ts";
import { createMercadoPagoGateway, MERCADOPAGO_SDK_URL, TYPED_CARD_REFUSED } from "./mercadopago-gateway.ts";

let double: MercadoPagoDouble;
let gateway: PaymentGateway;
/** A gateway that gives up soon, for the tests where the double is told never to answer in time. */
let impatient: PaymentGateway;
/**
 * Far longer than any answer of the double on a busy machine: a test that expects an answer
 * never races this deadline. Only `impatient` has a short one, and only against a double that
 * hangs or is told to wait far longer.
 */
const TIMEOUT_MS = 15_000;
const IMPATIENT_TIMEOUT_MS = 300;

beforeAll(async () => {
  double = await startMercadoPagoDouble();
  gateway = gatewayWith(DOUBLE_CREDENTIALS.accessToken);
  impatient = gatewayWith(DOUBLE_CREDENTIALS.accessToken, double.url, IMPATIENT_TIMEOUT_MS);
});
afterAll(() => double.close());
beforeEach(() => double.reset());

function gatewayWith(accessToken: string, baseUrl = double.url, timeoutMs = TIMEOUT_MS) {
  return createMercadoPagoGateway({ accessToken, publicKey: DOUBLE_CREDENTIALS.publicKey, baseUrl, timeoutMs });
}

const payer = PAYER;

/** A card payment by default: a token of an approved card, in two instalments. */
function request(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return chargeRequest({
    method: "card",
    card: {
      kind: "token",
      token: double.createCardToken({ number: SANDBOX_CARDS.approved[0] }),
      ...tokenMethodOf(SANDBOX_CARDS.approved[0]),
    },
    installments: 2,
    pixExpiresAt: undefined,
    ...overrides,
  });
}

/** A token as the store's page posts it: the card's method and issuer from MercadoPago.js's BIN lookup. */
const tokenFor = (number: string, holder = "Fernanda C Lima") => ({
  kind: "token" as const,
  token: double.createCardToken({ number, holder }),
  ...tokenMethodOf(number),
});

describe("Mercado Pago gateway: cards", () => {
  it("charges a tokenised card once per idempotency key: the same key again is the same payment", async () => {
    const charge = request();
    const first = await gateway.charge(charge);
    expect(first).toEqual({
      status: "paid",
      transactionId: expect.stringMatching(/^\d+$/),
      card: { brand: "VISA", lastFour: "1111" },
      installments: 2,
      amountCents: 17_100,
      currency: "BRL",
      updatedAt: expect.any(String),
    });
    const again = await gateway.charge(charge);
    expect(again).toEqual(first);
    expect(double.charges()).toBe(1);
    const payment = double.payment(first.transactionId)!;
    expect(payment).toMatchObject({ transaction_amount: 171, installments: 2, external_reference: charge.saleId });
    const writes = double.requests.filter((r) => r.method === "POST");
    expect(writes.map((r) => r.idempotencyKey)).toEqual([charge.idempotencyKey, charge.idempotencyKey]);
    // The issuer as a number, as the official SDK sends it.
    expect(JSON.parse(writes[0]!.body)).toMatchObject({ issuer_id: 25, installments: 2, payment_method_id: "visa" });
  });

  it("answers declined with the reason in Portuguese, or pending while the acquirer reviews", async () => {
    const noFunds = await gateway.charge(request({ card: tokenFor("5555555555554444", "FUND") }));
    expect(noFunds).toMatchObject({ status: "declined", message: expect.stringMatching(/^O cartão não tem limite/) });
    const declined = await gateway.charge(request({ card: tokenFor(SANDBOX_CARDS.declined[1]) }));
    expect(declined).toMatchObject({ status: "declined", message: expect.stringMatching(/^Pagamento recusado/) });
    const review = await gateway.charge(request({ card: tokenFor(SANDBOX_CARDS.pending[0]) }));
    expect(review.status).toBe("pending");
  });

  it("refuses a card typed into the store's form: nothing reaches the acquirer", async () => {
    const typed = request({
      card: {
        kind: "typed",
        holder: "F C LIMA",
        number: "4111111111111111",
        cvv: "123",
        expirationDate: "2030-05-10",
        brand: "VISA",
      },
    });
    await expect(gateway.charge(typed)).rejects.toThrow(TYPED_CARD_REFUSED);
    await expect(gateway.charge(request({ card: undefined }))).rejects.toThrow(TYPED_CARD_REFUSED);
    expect(double.requests).toEqual([]);
  });

  it("takes a token made as MercadoPago.js makes it (POST /v1/card_tokens with the public key)", async () => {
    const reply = await fetch(`${double.url}/v1/card_tokens?public_key=${DOUBLE_CREDENTIALS.publicKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        card_number: "5555555555554444",
        security_code: "123",
        expiration_month: 5,
        expiration_year: 2030,
        cardholder: { name: "APRO" },
      }),
    });
    const { id } = (await reply.json()) as { id: string };
    const state = await gateway.charge(request({ card: { kind: "token", token: id, paymentMethodId: "master" } }));
    expect(state).toMatchObject({ status: "paid", card: { brand: "MASTER", lastFour: "4444" } });
    expect(gateway.browserTokenization).toEqual({
      publicKey: DOUBLE_CREDENTIALS.publicKey,
      sdkUrl: MERCADOPAGO_SDK_URL,
    });
  });

  it("finishes a free order without asking the acquirer", async () => {
    const state = await gateway.charge(
      request({ method: "free", amountCents: 0, card: undefined, saleId: "venda-gratis" }),
    );
    expect(state).toEqual({ status: "paid", transactionId: "gratuito-venda-gratis" });
    expect(double.requests).toEqual([]);
  });
});

describe("Mercado Pago gateway: boleto and Pix", () => {
  it("issues a boleto: barcode, linha digitável, due date and the printable boleto from the acquirer", async () => {
    const state = await gateway.charge(request({ method: "boleto", card: undefined, installments: 1 }));
    expect(state.status).toBe("pending");
    const boleto = state.boleto!;
    expect(isValidBoleto(boleto.digitableLine)).toBe(true);
    expect(boleto.digitableLine).toHaveLength(47);
    expect(boleto.barcode).toHaveLength(44);
    expect(boleto.dueDate).toBe(addDays(todayInBrazil(), 3));
    expect(boleto.pdfUrl).toBe(`${double.url}/boletos/${state.transactionId}`);
    expect(double.payment(state.transactionId)).toMatchObject({ payment_method_id: "bolbradesco" });
  });

  it("a boleto without the payer's address is refused by the acquirer: a request error, not an outage", async () => {
    const error = await gateway
      .charge(request({ method: "boleto", card: undefined, payer: { ...payer, address: undefined } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoRequestError);
    expect(error).not.toBeInstanceOf(GatewayUnavailableError);
    expect((error as MercadoPagoRequestError).status).toBe(400);
  });

  it("issues a Pix: the copia e cola code and the expiry asked for", async () => {
    const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 45 * 60_000);
    const state = await gateway.charge(
      request({ method: "pix", card: undefined, pixExpiresAt: expiresAt, installments: 1 }),
    );
    expect(state).toMatchObject({
      status: "pending",
      pix: { copyPaste: expect.any(String), expiresAt: expiresAt.toISOString() },
    });
    // Sent in the date-time form Mercado Pago documents, in Brazil's offset.
    expect(double.payment(state.transactionId)!.date_of_expiration).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/,
    );
  });

  it("asks for at least Mercado Pago's 30 minutes (and a minute's margin) when the store's expiry is shorter", async () => {
    const now = new Date();
    const state = await gateway.charge(
      request({ method: "pix", card: undefined, now, pixExpiresAt: new Date(now.getTime() + 10 * 60_000) }),
    );
    expect(state.status).toBe("pending");
    expect(Date.parse(state.pix!.expiresAt) - now.getTime()).toBeGreaterThanOrEqual(31 * 60_000 - 1_000);
  });
});

describe("Mercado Pago gateway: the sale's payment afterwards", () => {
  it("finds a sale's payment by its external reference; nothing for a sale the acquirer never saw", async () => {
    expect(await gateway.findBySaleId("venda-desconhecida")).toBeNull();
    const pix = request({ method: "pix", card: undefined, pixExpiresAt: new Date(Date.now() + 40 * 60_000) });
    const issued = await gateway.charge(pix);
    double.setStatus(issued.transactionId, "approved", "accredited");
    expect(await gateway.findBySaleId(pix.saleId)).toMatchObject({
      status: "paid",
      transactionId: issued.transactionId,
    });
    double.setStatus(issued.transactionId, "cancelled", "expired");
    expect((await gateway.findBySaleId(pix.saleId))!.status).toBe("expired");
  });

  it("picks the payment that moved money over newer declined attempts, and a pending one over a declined", async () => {
    const saleId = "venda-com-tentativas";
    const approved = await gateway.charge(request({ saleId }));
    await gateway.charge(request({ saleId, card: tokenFor("5555555555554444", "OTHE") }));
    expect(await gateway.findBySaleId(saleId)).toMatchObject({ status: "paid", transactionId: approved.transactionId });

    const other = "venda-em-analise";
    await gateway.charge(request({ saleId: other, card: tokenFor("5555555555554444", "OTHE") }));
    const review = await gateway.charge(request({ saleId: other, card: tokenFor(SANDBOX_CARDS.pending[0]) }));
    await gateway.charge(request({ saleId: other, card: tokenFor("5555555555554444", "CALL") }));
    expect(await gateway.findBySaleId(other)).toMatchObject({ status: "pending", transactionId: review.transactionId });
  });

  it("refunds the whole amount once per idempotency key", async () => {
    const paid = await gateway.charge(request());
    const refund = {
      saleId: "venda",
      transactionId: paid.transactionId,
      amountCents: 17_100,
      idempotencyKey: "estorno-1",
    };
    expect(await gateway.refund(refund)).toEqual({ status: "refunded", transactionId: paid.transactionId });
    expect(await gateway.refund(refund)).toEqual({ status: "refunded", transactionId: paid.transactionId });
    expect(double.refunds()).toBe(1);
    expect(double.payment(paid.transactionId)!.status).toBe("refunded");
    // The whole amount: `{}` as JSON, as the official SDK's PaymentRefund.total sends it.
    const sent = double.requests.filter((r) => r.path.endsWith("/refunds"));
    expect(sent.map((r) => [r.body, r.idempotencyKey])).toEqual([
      ["{}", "estorno-1"],
      ["{}", "estorno-1"],
    ]);
  });

  it("cancels a waiting payment with an idempotency key, as the SDK sends on every write", async () => {
    const pix = await gateway.charge(chargeRequest());
    expect(await gateway.cancel({ saleId: "venda", transactionId: pix.transactionId })).toMatchObject({
      status: "expired",
    });
    const cancel = double.requests.find((r) => r.method === "PUT")!;
    expect(cancel.idempotencyKey).toBe(`cancelamento-${pix.transactionId}`);
    expect(JSON.parse(cancel.body)).toEqual({ status: "cancelled" });
  });
});

describe("Mercado Pago gateway: the card's instalments (decision 0046)", () => {
  it("charges a count the card allows without interest; refuses one it allows only with interest, nothing charged", async () => {
    // American Express in the double: without interest up to 3x.
    const amex = DOUBLE_CARDS.fewInterestFree;
    expect(await gateway.charge(request({ card: tokenFor(amex), installments: 3 }))).toMatchObject({
      status: "paid",
      installments: 3,
    });
    const before = double.charges();
    expect(await gateway.charge(request({ card: tokenFor(amex), installments: 4 }))).toEqual({
      status: "declined",
      transactionId: "",
      message: "Com este cartão, esta compra pode ser parcelada em até 3x sem juros. Escolha até 3 parcelas.",
    });
    expect(double.charges()).toBe(before);
  });

  it("refuses a debit card, and charges the credit method of a card that is both", async () => {
    const before = double.charges();
    expect(await gateway.charge(request({ card: tokenFor(DOUBLE_CARDS.debitOnly), installments: 1 }))).toMatchObject({
      status: "declined",
      message: "Este cartão não é de crédito. Use um cartão de crédito ou pague com boleto ou Pix.",
    });
    expect(double.charges()).toBe(before);
    const both = tokenFor(DOUBLE_CARDS.debitAndCredit);
    expect(both.paymentMethodId).toBe("visa");
    expect(await gateway.charge(request({ card: both }))).toMatchObject({ status: "paid", installments: 2 });
  });

  it("a small amount: no instalment under R$ 5,00, so R$ 9,00 is paid at once", async () => {
    const small = await gateway.charge(request({ amountCents: 900, installments: 2 }));
    expect(small).toMatchObject({ status: "declined", message: expect.stringMatching(/à vista \(1x\)/) });
    expect(await gateway.charge(request({ amountCents: 900, installments: 1 }))).toMatchObject({ status: "paid" });
  });
});

describe("the double refuses what Mercado Pago refuses", () => {
  /** POST /v1/payments as the store's client sends it; a card's `{ number }` is made a token when sent. */
  const post = async ({ token, ...fields }: Record<string, unknown>) => {
    const body = token ? { ...fields, token: double.createCardToken(token as { number: string }) } : fields;
    const reply = await fetch(`${double.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${DOUBLE_CREDENTIALS.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    return [reply.status, ((await reply.json()) as { cause?: { code: number }[] }).cause?.[0]?.code];
  };
  const payer = {
    email: PAYER.email,
    first_name: "Fernanda",
    last_name: "Lima",
    identification: { type: "CPF", number: "52998224725" },
    address: {
      zip_code: "51021000",
      street_name: "Avenida Boa Viagem",
      street_number: "1000",
      neighborhood: "Boa Viagem",
      city: "Recife",
      federal_unit: "PE",
    },
  };
  const card = (number = "4111111111111111") => ({
    transaction_amount: 171,
    description: "pedido",
    payer,
    token: { number },
    ...{ payment_method_id: tokenMethodOf(number).paymentMethodId },
  });
  const inAnHour = new Date(Date.now() + 60 * 60_000);
  const brasilia = new Date(inAnHour.getTime() - 3 * 3_600_000).toISOString().slice(0, 23) + "-03:00";

  it.each([
    [
      "a date_of_expiration in another format",
      { ...card(), installments: 1, date_of_expiration: inAnHour.toISOString() },
      4053,
    ],
    [
      "a Pix expiry without milliseconds",
      {
        transaction_amount: 171,
        description: "p",
        payer,
        payment_method_id: "pix",
        date_of_expiration: `${brasilia.slice(0, 19)}-03:00`,
      },
      4053,
    ],
    ["a card payment without installments", card(), 3035],
    [
      "a CPF with wrong check digits",
      { ...card(), installments: 1, payer: { ...payer, identification: { type: "CPF", number: "52998224724" } } },
      2067,
    ],
    [
      "a boleto without the neighbourhood",
      {
        transaction_amount: 171,
        description: "b",
        payment_method_id: "bolbradesco",
        payer: { ...payer, address: { ...payer.address, neighborhood: "" } },
      },
      4037,
    ],
    [
      "a payment_method_id that is not the token's card's",
      { ...card(), installments: 1, payment_method_id: "master" },
      3034,
    ],
    ["more instalments than the card allows", { ...card(), installments: 13 }, 3036],
    ["an issuer_id as text (the SDK sends a number)", { ...card(), installments: 1, issuer_id: "25" }, 3037],
  ])("%s", async (_case, body, code) => {
    expect(await post(body)).toEqual([400, code]);
  });

  it("accepts the same payments written right", async () => {
    expect((await post({ ...card(), installments: 1, issuer_id: 25 }))[0]).toBe(201);
    const pix = {
      transaction_amount: 171,
      description: "p",
      payer,
      payment_method_id: "pix",
      date_of_expiration: brasilia,
    };
    expect((await post(pix))[0]).toBe(201);
    expect(
      (await post({ transaction_amount: 171, description: "b", payment_method_id: "bolbradesco", payer }))[0],
    ).toBe(201);
  });

  it("answers each BIN's card types and instalment options, as MercadoPago.js asks", async () => {
    const ask = async (path: string) =>
      (await (await fetch(`${double.url}${path}&public_key=${DOUBLE_CREDENTIALS.publicKey}`)).json()) as unknown;
    expect(await ask(`/v1/payment_methods/search?bins=${DOUBLE_CARDS.debitAndCredit.slice(0, 8)}`)).toMatchObject({
      results: [
        { id: "debvisa", payment_type_id: "debit_card" },
        { id: "visa", payment_type_id: "credit_card" },
      ],
    });
    const options = (await ask(
      `/v1/payment_methods/installments?amount=171&bin=${DOUBLE_CARDS.fewInterestFree.slice(0, 8)}`,
    )) as { payment_method_id: string; payer_costs: { installments: number; installment_rate: number }[] }[];
    expect(options).toHaveLength(1);
    expect(options[0]!.payment_method_id).toBe("amex");
    expect(options[0]!.payer_costs.filter((c) => c.installment_rate === 0).map((c) => c.installments)).toEqual([
      1, 2, 3,
    ]);
    expect(options[0]!.payer_costs.at(-1)).toMatchObject({ installments: 12, installment_rate: expect.any(Number) });
  });
});

describe("Mercado Pago gateway: hosted checkout", () => {
  it("creates a page at the acquirer for the sale, limited to the instalments allowed, that sends the shopper back", async () => {
    const { url } = await gateway.createHostedCheckout!({
      saleId: "venda-hospedada",
      referenceCode: "123456789012",
      description: "Loja Escolar pedido 123456789012",
      amountCents: 17_100,
      maxInstallments: 2,
      installments: 2,
      payer,
      returnUrl: "http://127.0.0.1:3000/conclusao?retorno=mp",
      notificationUrl: "https://loja.escola.com.br/api/webhooks/mercadopago",
      now: new Date(),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect(url.startsWith(`${double.url}/checkout/v1/redirect?pref_id=`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page.match(/<option /g)).toHaveLength(2);
    const back = await payOnHostedPage(url, { number: "4111 1111 1111 1111", installments: 2 });
    expect(back.origin + back.pathname).toBe("http://127.0.0.1:3000/conclusao");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      retorno: "mp",
      collection_status: "approved",
      status: "approved",
      external_reference: "venda-hospedada",
      payment_id: expect.stringMatching(/^\d+$/),
    });
    expect(await gateway.findBySaleId("venda-hospedada")).toMatchObject({ status: "paid", card: { lastFour: "1111" } });
  });

  it("sends the page's expiry, and a page past it takes no payment", async () => {
    const now = new Date();
    const { url } = await gateway.createHostedCheckout!({
      saleId: "venda-abandonada",
      referenceCode: "123456789013",
      description: "Loja Escolar pedido 123456789013",
      amountCents: 17_100,
      maxInstallments: 1,
      installments: 1,
      payer,
      returnUrl: "http://127.0.0.1:3000/conclusao",
      now: new Date(now.getTime() - 60 * 60_000),
      expiresAt: new Date(now.getTime() - 60_000),
    });
    const preference = double.preferences().find((candidate) => candidate.external_reference === "venda-abandonada")!;
    expect(preference).toMatchObject({ expires: true, expiration_date_to: expect.stringMatching(/-03:00$/) });
    expect(Date.parse(String(preference.expiration_date_to))).toBe(now.getTime() - 60_000);
    const page = await fetch(url);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("expirou");
    expect(double.charges()).toBe(0);
  });
});

describe("Mercado Pago gateway: failures", () => {
  it("a timeout or an acquirer that never answers is GatewayUnavailableError (the outcome is unknown)", async () => {
    double.setHang(true);
    await expect(impatient.charge(request())).rejects.toBeInstanceOf(GatewayUnavailableError);
    double.setHang(false);
    // Far beyond the deadline, so the deadline always comes first.
    double.setDelay(IMPATIENT_TIMEOUT_MS * 10);
    await expect(impatient.findBySaleId("venda")).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("a 5xx is GatewayUnavailableError, and the retry with the same key charges once", async () => {
    double.failNext(2, 503);
    const charge = request();
    await expect(gateway.charge(charge)).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(gateway.charge(charge)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect((await gateway.charge(charge)).status).toBe("paid");
    expect(await gateway.charge(charge)).toMatchObject({ status: "paid" });
    expect(double.charges()).toBe(1);
  });

  it("an unreachable acquirer is GatewayUnavailableError; a refused credential is a request error", async () => {
    await expect(
      gatewayWith(DOUBLE_CREDENTIALS.accessToken, "http://127.0.0.1:9").charge(request()),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    const refused = await gatewayWith("TEST-outro-token")
      .findBySaleId("venda")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MercadoPagoRequestError);
    expect(refused).toMatchObject({
      status: 401,
      message: "O Mercado Pago recusou a busca de pagamentos (HTTP 401, unauthorized).",
    });
  });

  it("no error carries the access token, the card token or the payer", async () => {
    const errors: unknown[] = [];
    const collect = (promise: Promise<unknown>) =>
      promise.then(
        () => errors.push("sem erro"),
        (e: unknown) => errors.push(e),
      );
    const charge = request();
    const token = (charge.card as { token: string }).token;
    double.failNext(1, 500);
    await collect(gateway.charge(charge));
    double.setHang(true);
    await collect(impatient.charge(charge));
    double.setHang(false);
    await collect(gatewayWith(DOUBLE_CREDENTIALS.accessToken, "http://127.0.0.1:9").charge(charge));
    await collect(
      gatewayWith(DOUBLE_CREDENTIALS.accessToken).charge({
        ...charge,
        idempotencyKey: "outra",
        card: { kind: "token", token: "ficha-inexistente-123", paymentMethodId: "visa" },
      }),
    );
    await collect(gatewayWith(`${DOUBLE_CREDENTIALS.accessToken}x`).charge(charge));
    expect(errors).toHaveLength(5);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      const text = [String(error), inspect(error, { depth: 5 }), JSON.stringify(error)].join("\n");
      for (const secret of [
        DOUBLE_CREDENTIALS.accessToken,
        token,
        "ficha-inexistente-123",
        "52998224725",
        payer.email,
        "Bearer",
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});

describe("the double's HTTP controls (for a browser test whose server runs the double)", () => {
  const control = async (path: string, body?: unknown) => {
    const reply = await fetch(`${double.url}/__double/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await reply.json()) as Record<string, unknown>;
  };

  it("fail the next calls, tell the charges, change a payment's status and make card tokens", async () => {
    await control("controls", { failNext: 1, failStatus: 502 });
    const pix = request({ method: "pix", card: undefined, pixExpiresAt: new Date(Date.now() + 40 * 60_000) });
    await expect(gateway.charge(pix)).rejects.toBeInstanceOf(GatewayUnavailableError);
    const issued = await gateway.charge(pix);
    expect(await control("state")).toMatchObject({ charges: 1, refunds: 0 });
    await control(`payments/${issued.transactionId}/status`, { status: "approved", statusDetail: "accredited" });
    expect(await gateway.findBySaleId(pix.saleId)).toMatchObject({ status: "paid" });
    const { id } = await control("card-tokens", { number: "4111111111111111", holder: "OTHE" });
    const card = { kind: "token" as const, token: String(id), paymentMethodId: "visa" };
    expect((await gateway.charge(request({ card }))).status).toBe("declined");
    await control("reset", {});
    expect(await control("state")).toMatchObject({ charges: 0, payments: [] });
  });
});
