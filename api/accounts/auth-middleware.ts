import type { Context, MiddlewareHandler } from "hono";
import type { ApiDeps } from "../deps.ts";
import { ApiError, errorBody } from "../errors.ts";
import type { CustomerRow } from "../customers/repository.ts";
import { findLiveToken } from "./tokens.ts";

export const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
export const FORBIDDEN = "Você não tem permissão para acessar estes dados.";

/** Hono variables set by requireCustomer, for the handlers after it. */
export type CustomerEnv = {
  Variables: {
    customer: CustomerRow;
    /** The id of the token row this request came with (logout revokes it). */
    tokenId: string;
  };
};

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

function unauthorized(c: Context) {
  c.header("WWW-Authenticate", 'Bearer realm="loja-escolar"');
  return c.json(errorBody(SESSION_EXPIRED), 401);
}

/**
 * Authenticated calls (spec §6): a live bearer token (not revoked, not expired, its
 * customer still there) or 401. Sets `customer` and `tokenId` on the context.
 */
export function requireCustomer(deps: ApiDeps): MiddlewareHandler<CustomerEnv> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    const found = token ? await findLiveToken(deps, token) : undefined;
    if (!found) return unauthorized(c);
    const { token_id, ...customer } = found;
    c.set("customer", customer);
    c.set("tokenId", token_id);
    await next();
  };
}

/**
 * For paths with {customerId} and {storeId}: the token's own customer only. Another
 * id answers 403 whether or not it exists, so ids cannot be probed.
 */
export function requireOwnCustomer(deps: ApiDeps): MiddlewareHandler<CustomerEnv> {
  const authenticate = requireCustomer(deps);
  return (c, next) =>
    authenticate(c, async () => {
      const customer = c.get("customer");
      const sameCustomer = c.req.param("customerId") === customer.id;
      const sameStore = c.req.param("storeId") === String(customer.store_id);
      if (!sameCustomer || !sameStore) throw new ApiError(403, FORBIDDEN);
      await next();
    });
}
