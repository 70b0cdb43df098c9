/**
 * The gestor area's calls (issue 15; docs/decisions/0028-gestor-area.md), one file per part of
 * the area, documented beside spec §7's. Never probed as §7 extensions: the area needs the
 * bundled API (or another instance of it) and says so when the store API has none.
 */
import type { Endpoint } from "../endpoint.ts";
import { gestorAuth } from "./auth.ts";
import { gestorCarts } from "./carts.ts";
import { gestorCustomers } from "./customers.ts";

export * from "./auth.ts";
export * from "./staff.ts";

export const gestorContract = { auth: gestorAuth, carts: gestorCarts, customers: gestorCustomers };

export const gestorEndpoints: readonly Endpoint[] = Object.values(gestorContract).flatMap((area) =>
  Object.values(area),
);
