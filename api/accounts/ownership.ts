import type { MiddlewareHandler } from "hono";
import type { CustomerRow } from "../customers/repository.ts";
import { ApiError } from "../errors.ts";
import { readJsonBody } from "../validation.ts";
import { FORBIDDEN, type CustomerEnv } from "./auth-middleware.ts";

type OwnIds = { customerId?: unknown; storeId?: unknown };

/**
 * For calls that name the customer and store in the body (spec §7 students and cart):
 * the token's own customer only, 403 otherwise, as requireOwnCustomer does for paths.
 */
export function assertOwnIds(customer: CustomerRow, ids: OwnIds): void {
  const sameCustomer = String(ids.customerId ?? "") === customer.id;
  const sameStore = String(ids.storeId ?? "") === String(customer.store_id);
  if (!sameCustomer || !sameStore) throw new ApiError(403, FORBIDDEN);
}

/**
 * assertOwnIds as a route's middleware, after requireCustomer and before `validated`: a body
 * naming someone else answers 403 whatever else is wrong with it. `idsOf` reads the ids where
 * the payload names them otherwise (the responsible's clientId, spec §3).
 */
export function requireOwnIdsInBody(
  idsOf: (body: Record<string, unknown>) => OwnIds = (body) => body,
): MiddlewareHandler<CustomerEnv> {
  return async (c, next) => {
    const body = await readJsonBody(c);
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    assertOwnIds(c.get("customer"), idsOf(fields));
    await next();
  };
}
