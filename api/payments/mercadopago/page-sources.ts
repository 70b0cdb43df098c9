/**
 * What the store's pages must let the browser reach once Mercado Pago is the acquirer
 * (docs/decisions/0019-mercado-pago.md), for server/security.ts's Content-Security-Policy:
 * - form-action: "Finalizar Compra" without JavaScript answers with a redirect to the hosted
 *   checkout (Checkout Pro, on mercadopago.com.br), and a form's redirect is held to form-action;
 * - script-src: MercadoPago.js v2 (sdk.mercadopago.com). The policy has 'strict-dynamic', so a
 *   CSP3 browser runs the SDK only when the page's <script> carries the nonce; the host is for
 *   older browsers;
 * - connect-src: the SDK's calls (card tokens, brands and issuers, instalments);
 * - frame-src: the SDK's secure fields and 3-D Secure challenges are iframes of Mercado Pago;
 * - img-src: card brand logos (mlstatic, Mercado Livre's CDN).
 * When MERCADOPAGO_API_URL points elsewhere (a double on loopback), that origin plays the part
 * of the API and of the hosted page, so it is added to form-action, connect-src and frame-src;
 * MERCADOPAGO_SDK_URL's origin (the official SDK's, or a double's) is added to script-src.
 */
import { MERCADOPAGO_API_URL } from "./client.ts";
import { MERCADOPAGO_SDK_URL } from "./mercadopago-gateway.ts";

export type PageSources = Record<"form-action" | "script-src" | "connect-src" | "frame-src" | "img-src", string[]>;

export function mercadoPagoPageSources(apiUrl: string, sdkUrl: string = MERCADOPAGO_SDK_URL): PageSources {
  const official = new URL(MERCADOPAGO_API_URL).origin;
  const other = new URL(apiUrl).origin === official ? [] : [new URL(apiUrl).origin];
  return {
    "form-action": ["https://www.mercadopago.com.br", "https://*.mercadopago.com.br", ...other],
    "script-src": [new URL(sdkUrl).origin],
    "connect-src": [official, "https://api.mercadolibre.com", "https://*.mercadopago.com", ...other],
    "frame-src": ["https://*.mercadopago.com", "https://*.mercadopago.com.br", "https://*.mercadolibre.com", ...other],
    "img-src": ["https://http2.mlstatic.com"],
  };
}

/**
 * Whether an address is Mercado Pago's hosted page, the only place "Finalizar Compra" may send the
 * shopper: https on mercadopago.com.br, or the origin of MERCADOPAGO_API_URL (the double in tests).
 * The CSP's form-action holds a plain form's redirect to the same origins; a redirect followed by
 * scripts is not held by it, so the action checks.
 */
export function isHostedCheckoutAddress(address: string, apiUrl: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  if (url.origin === new URL(apiUrl).origin) return true;
  return (
    url.protocol === "https:" && (url.hostname === "mercadopago.com.br" || url.hostname.endsWith(".mercadopago.com.br"))
  );
}
