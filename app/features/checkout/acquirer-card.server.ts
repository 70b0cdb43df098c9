import { isHostedCheckoutAddress } from "#api/payments/mercadopago/page-sources.ts";
import { getEnv } from "#app/.server/env.server.ts";
import type { AcquirerCardSettings } from "./acquirer-card.ts";

/**
 * With the bundled API charging through Mercado Pago, the card is typed on Mercado Pago's forms:
 * its SDK in the browser, or its hosted page without JavaScript (docs/decisions/0019-mercado-pago.md).
 * null with the sandbox and against an external store API, whose finish takes the typed card (spec §7).
 */
export function acquirerCardForm(): AcquirerCardSettings | null {
  const env = getEnv();
  if (env.STORE_API_URL || !env.mercadoPago) return null;
  return { publicKey: env.mercadoPago.publicKey, sdkUrl: env.mercadoPago.sdkUrl };
}

/** Whether the finish's redirect goes to Mercado Pago's page, and nowhere else (page-sources.ts). */
export function isAcquirerPage(address: string): boolean {
  const env = getEnv();
  return !env.STORE_API_URL && env.mercadoPago !== null && isHostedCheckoutAddress(address, env.mercadoPago.apiUrl);
}
