/**
 * The store API's contract (spec §7), one file per area. Import an area file where one
 * area is enough (the browser's bundles especially); this barrel lists every endpoint.
 */
import { accounts } from "./accounts.ts";
import { carts } from "./carts.ts";
import { catalogue } from "./catalogue.ts";
import { coupons } from "./coupons.ts";
import type { Endpoint } from "./endpoint.ts";
import { orders } from "./orders.ts";
import { payments } from "./payments.ts";
import { privacy } from "./privacy.ts";
import { students } from "./students.ts";
import { support } from "./support.ts";

export * from "./accounts.ts";
export * from "./carts.ts";
export * from "./catalogue.ts";
export * from "./coupons.ts";
export * from "./endpoint.ts";
export * from "./fields.ts";
export * from "./orders.ts";
export * from "./payment-methods.ts";
export * from "./payments.ts";
export * from "./privacy.ts";
export * from "./students.ts";
export * from "./support.ts";

/** Every call the store API serves, by area. */
export const contract = { catalogue, accounts, students, carts, coupons, orders, privacy, payments, support };

export const endpoints: readonly Endpoint[] = Object.values(contract).flatMap((area) => Object.values(area));
