/**
 * The card typed on Mercado Pago's forms, never the store's (docs/decisions/0019-mercado-pago.md):
 * - without JavaScript, "Finalizar Compra" goes to Mercado Pago's hosted page (PCI SAQ A);
 * - with JavaScript, MercadoPago.js v2 tokenises the card in the browser and the form posts only
 *   the token, the brand's method id, the issuer and the instalments (PCI SAQ A-EP).
 * This module is the browser's half: the texts, loading the SDK, and tokenising with its core
 * methods (createCardToken, getPaymentMethods).
 */
import { cardDigits, checkExpiry } from "#app/lib/card.ts";
import { onlyDigits } from "#app/lib/cpf.ts";

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
  getPaymentMethods(query: { bin: string }): Promise<{ results: { id: string; issuer?: { id?: number | string } }[] }>;
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

/** The card turned into Mercado Pago's single-use token, in the browser; throws when the acquirer refuses it. */
export async function tokeniseCard(sdk: MercadoPagoInstance, card: TypedAcquirerCard): Promise<CardTokenFields> {
  const digits = cardDigits(card.number);
  const expiry = checkExpiry(card.expiry);
  if (!expiry.ok) throw new Error("validade inválida");
  const [{ id }, methods] = await Promise.all([
    sdk.createCardToken({
      cardNumber: digits,
      cardholderName: card.holder.trim(),
      cardExpirationMonth: String(expiry.month).padStart(2, "0"),
      cardExpirationYear: String(expiry.year),
      securityCode: card.cvc.trim(),
      identificationType: "CPF",
      identificationNumber: onlyDigits(card.cpf),
    }),
    sdk.getPaymentMethods({ bin: digits.slice(0, 8) }),
  ]);
  const method = methods.results[0];
  if (!id || !method) throw new Error("cartão não reconhecido pelo Mercado Pago");
  return {
    cardToken: id,
    cardPaymentMethodId: method.id,
    cardIssuerId: method.issuer?.id === undefined ? "" : String(method.issuer.id),
  };
}
