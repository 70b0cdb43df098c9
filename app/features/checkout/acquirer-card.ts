/**
 * The card typed on Mercado Pago's forms, never the store's (docs/decisions/0019-mercado-pago.md):
 * - without JavaScript, "Finalizar Compra" goes to Mercado Pago's hosted page (PCI SAQ A);
 * - with JavaScript, MercadoPago.js v2 tokenises the card in the browser and the form posts only
 *   the token, the brand's method id, the issuer and the instalments (PCI SAQ A-EP).
 * This module is the browser's half: the texts, loading the SDK, and tokenising with its core
 * methods (createCardToken, getPaymentMethods).
 */
import {
  CARD_INSTALLMENT_MESSAGES,
  countNotAllowedMessage,
  CREDIT_CARD_TYPE,
  creditMethodOf,
  interestFreeCounts,
  type PayerCost,
} from "#api/payments/mercadopago/card-installments.ts";
import { cardDigits, checkExpiry } from "#core/card.ts";
import { onlyDigits } from "#core/cpf.ts";

/** What the payment step needs from the server to use Mercado Pago's SDK. */
export interface AcquirerCardSettings {
  publicKey: string;
  sdkUrl: string;
}

export const ACQUIRER_CARD_TEXTS = {
  /** Beside the card option, before the page runs scripts (and always without JavaScript). */
  hosted: "Ao finalizar, você digita os dados do cartão na página segura do Mercado Pago e depois volta para a loja.",
  needsScripts:
    "A página do Mercado Pago precisa de JavaScript ativado no navegador. Boleto e Pix não precisam: se o JavaScript estiver desligado, escolha um deles.",
  /** With JavaScript: the fields below go to Mercado Pago only. */
  tokenised: "Os dados do cartão vão direto para o Mercado Pago: a loja não recebe o número do cartão.",
  sdkFailed:
    "Não foi possível carregar o formulário seguro do Mercado Pago. Você pode pagar na página do Mercado Pago ou escolher boleto ou Pix.",
  tokenFailed: "O Mercado Pago não aceitou os dados deste cartão. Confira os dados ou pague na página do Mercado Pago.",
  cpfInvalid: "Informe um CPF válido do titular do cartão.",
  payOnHostedPage: "Pagar na página do Mercado Pago",
} as const;

/** The submit button's value that asks for the hosted page even with JavaScript (payment-form.tsx). */
export const HOSTED_CHOICE = "pagina-mercado-pago";

/** The subset of MercadoPago.js v2's core methods the store uses. */
interface MercadoPagoInstance {
  createCardToken(card: {
    cardNumber: string;
    cardholderName: string;
    cardExpirationMonth: string;
    cardExpirationYear: string;
    securityCode: string;
    identificationType: string;
    identificationNumber: string;
  }): Promise<{ id: string }>;
  getPaymentMethods(query: {
    bin: string;
  }): Promise<{ results: { id: string; payment_type_id?: string; issuer?: { id?: number | string } }[] }>;
  getInstallments(query: {
    amount: string;
    bin: string;
    paymentTypeId?: string;
  }): Promise<{ payment_method_id: string; payer_costs: PayerCost[] }[]>;
}

declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;
  }
}

let loading: Promise<MercadoPagoInstance> | null = null;

/** Loads MercadoPago.js once per page (with the page's CSP nonce) and makes its instance. */
export function loadMercadoPago({ publicKey, sdkUrl }: AcquirerCardSettings): Promise<MercadoPagoInstance> {
  loading ??= new Promise<MercadoPagoInstance>((resolve, reject) => {
    const ready = () =>
      window.MercadoPago
        ? resolve(new window.MercadoPago(publicKey, { locale: "pt-BR" }))
        : reject(new Error("MercadoPago.js sem a classe MercadoPago"));
    if (window.MercadoPago) return ready();
    const script = document.createElement("script");
    script.src = sdkUrl;
    script.async = true;
    // The nonce of the page's own scripts: the CSP runs no other (server/security.ts).
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = ready;
    script.onerror = () => reject(new Error("MercadoPago.js não carregou"));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later attempt (another submit) may load it again.
    loading = null;
    throw error;
  });
  return loading;
}

export interface TypedAcquirerCard {
  number: string;
  holder: string;
  /** MM / AA, as the store's form masks it. */
  expiry: string;
  cvc: string;
  cpf: string;
}

export interface CardTokenFields {
  cardToken: string;
  cardPaymentMethodId: string;
  cardIssuerId: string;
}

/** The card cannot be charged as chosen; its message says why (decision 0046). */
export class CardChoiceError extends Error {
  override name = "CardChoiceError";
  /** The counts the card allows without interest, when known. */
  readonly counts: number[] | null;
  constructor(message: string, counts: number[] | null = null) {
    super(message);
    this.counts = counts;
  }
}

/** A BIN needs 8 digits for MercadoPago.js's lookups (6 for older cards, 8 is what it asks). */
export const BIN_LENGTH = 8;

/** What MercadoPago.js says of a card, from its BIN: its credit method and the counts it allows. */
export interface CreditCardChoice {
  paymentMethodId: string;
  issuerId: string;
  /** 1 … the store's maximum, those Mercado Pago allows for this card and amount without interest. */
  counts: number[];
}

/**
 * The card's credit method (a BIN may answer a debit method first) and its instalments without
 * interest for the buyer, up to the store's count for the cart (spec §9). Throws a
 * CardChoiceError when the card is not a credit card or Mercado Pago offers no count.
 */
export async function creditCardChoice(
  sdk: MercadoPagoInstance,
  cardNumber: string,
  { total, maxInstallments }: { total: number; maxInstallments: number },
): Promise<CreditCardChoice> {
  const bin = cardDigits(cardNumber).slice(0, BIN_LENGTH);
  const [{ results }, options] = await Promise.all([
    sdk.getPaymentMethods({ bin }),
    sdk.getInstallments({ amount: total.toFixed(2), bin, paymentTypeId: CREDIT_CARD_TYPE }),
  ]);
  const method = creditMethodOf(results);
  if (!method) throw new CardChoiceError(CARD_INSTALLMENT_MESSAGES.notCredit);
  const costs = options.find((option) => option.payment_method_id === method.id)?.payer_costs ?? [];
  const counts = interestFreeCounts(costs, maxInstallments);
  if (counts.length === 0) throw new CardChoiceError(CARD_INSTALLMENT_MESSAGES.unknown);
  return {
    paymentMethodId: method.id,
    issuerId: method.issuer?.id === undefined ? "" : String(method.issuer.id),
    counts,
  };
}

/**
 * The card turned into Mercado Pago's single-use token, in the browser, once its method and the
 * chosen count are known to be allowed; throws a CardChoiceError when they are not, and another
 * error when the acquirer refuses the card.
 */
export async function tokeniseCard(
  sdk: MercadoPagoInstance,
  card: TypedAcquirerCard,
  purchase: { total: number; maxInstallments: number; installments: number },
  /** What creditCardChoice already answered for this card's BIN, if it did. */
  known?: CreditCardChoice,
): Promise<CardTokenFields> {
  const digits = cardDigits(card.number);
  const expiry = checkExpiry(card.expiry);
  if (!expiry.ok) throw new Error("validade inválida");
  const choice = known ?? (await creditCardChoice(sdk, digits, purchase));
  if (!choice.counts.includes(purchase.installments))
    throw new CardChoiceError(countNotAllowedMessage(choice.counts), choice.counts);
  const { id } = await sdk.createCardToken({
    cardNumber: digits,
    cardholderName: card.holder.trim(),
    cardExpirationMonth: String(expiry.month).padStart(2, "0"),
    cardExpirationYear: String(expiry.year),
    securityCode: card.cvc.trim(),
    identificationType: "CPF",
    identificationNumber: onlyDigits(card.cpf),
  });
  if (!id) throw new Error("cartão não reconhecido pelo Mercado Pago");
  return { cardToken: id, cardPaymentMethodId: choice.paymentMethodId, cardIssuerId: choice.issuerId };
}
