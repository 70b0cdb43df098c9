import type { CustomerRow } from "../customers/repository.ts";
import { ApiError } from "../errors.ts";
import { FORBIDDEN } from "./auth-middleware.ts";

/**
 * For calls that name the customer and store in the body (spec §7 students and cart):
 * the token's own customer only, 403 otherwise, as requireOwnCustomer does for paths.
 */
export function assertOwnIds(customer: CustomerRow, ids: { customerId?: unknown; storeId?: unknown }): void {
  const sameCustomer = String(ids.customerId ?? "") === customer.id;
  const sameStore = String(ids.storeId ?? "") === String(customer.store_id);
  if (!sameCustomer || !sameStore) throw new ApiError(403, FORBIDDEN);
}
