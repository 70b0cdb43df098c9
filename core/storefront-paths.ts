/**
 * The storefront's pages that the store API links to, so the API never imports the storefront:
 * the acquirer and the purchase e-mails send the buyer back to the sale's completion page.
 */

/** /conclusao for one of the customer's sales: the completion info of spec §3 (and a Pix's QR). */
export const completionPath = (saleId: string) => `/conclusao?venda=${encodeURIComponent(saleId)}`;

/** A product page (app/routes.ts: /produto/:categorySlug/:productSlug): an alert's e-mail links there. */
export const productPath = (categorySlug: string, productSlug: string) => `/produto/${categorySlug}/${productSlug}`;

/** A waiting list's seat offer (app/routes.ts: /lista-de-espera/:token): the offer e-mail links there. */
export const seatOfferPath = (token: string) => `/lista-de-espera/${encodeURIComponent(token)}`;
