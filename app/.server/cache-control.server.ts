import type { MiddlewareFunction } from "react-router";

/**
 * Every page, data request and store-API reply that does not say otherwise is `no-store`:
 * each page carries the shopper's CSRF token and cart, most carry their name, and /conta,
 * /compra, /conclusao, the boleto and the receipts carry personal data. Nothing of it may be
 * kept by a shared cache or on the disk of a shared computer. Static assets are cached by
 * server.js, never through here.
 */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.headers.has("Cache-Control")) return response;
  const uncached = new Response(response.body, response);
  uncached.headers.set("Cache-Control", "no-store");
  return uncached;
};
