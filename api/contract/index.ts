/**
 * The store API's contract (spec §7), one file per area. Import an area file where one
 * area is enough (the browser's bundles especially); this barrel lists every endpoint.
 */
import { accounts } from "./accounts.ts";
import { carts } from "./carts.ts";
import { catalogue } from "./catalogue.ts";
import { coupons } from "./coupons.ts";
import type { Endpoint } from "./endpoint.ts";
import { materialLists } from "./material-lists.ts";
import { messages } from "./messages.ts";
import { orders } from "./orders.ts";
import { payments } from "./payments.ts";
import { pickupPeople } from "./pickup-people.ts";
import { privacy } from "./privacy.ts";
import { stockAlerts } from "./stock-alerts.ts";
import { students } from "./students.ts";
import { support } from "./support.ts";
import { waitingList } from "./waiting-list.ts";
import { whatsappWebhook } from "./whatsapp-webhook.ts";

export * from "./accounts.ts";
export * from "./carts.ts";
export * from "./catalogue.ts";
export * from "./coupons.ts";
export * from "./endpoint.ts";
export * from "./fields.ts";
export * from "./material-lists.ts";
export * from "./messages.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./pickup-people.ts";
export * from "./privacy.ts";
export * from "./stock-alerts.ts";
export * from "./students.ts";
export * from "./support.ts";
export * from "./waiting-list.ts";
export * from "./whatsapp-webhook.ts";

/** Every call the store API serves, by area. */
export const contract = {
  catalogue,
  accounts,
  students,
  carts,
  coupons,
  orders,
  privacy,
  payments,
  support,
  stockAlerts,
  waitingList,
  materialLists,
  pickupPeople,
  whatsappWebhook,
  messages,
};

export const endpoints: readonly Endpoint[] = Object.values(contract).flatMap((area) => Object.values(area));

/** The calls of spec §7 itself: what the school network's own store API serves. */
export const specEndpoints: readonly Endpoint[] = endpoints.filter((declared) => !declared.extension);

type Areas = typeof contract;
type ExtensionsOf<Area> = { [Name in keyof Area]: Area[Name] extends { extension: true } ? Name : never }[keyof Area];

/** The name of a call beyond spec §7 (docs/decisions/0026-school-api-optional-calls.md). */
export type ExtensionCall = { [Area in keyof Areas]: ExtensionsOf<Areas[Area]> }[keyof Areas] & string;

/** Every call beyond spec §7, by name: the storefront uses each only where the store API has it. */
export const extensionCalls: ReadonlyMap<ExtensionCall, Endpoint> = new Map(
  Object.values(contract).flatMap((area) =>
    Object.entries(area as Record<string, Endpoint>)
      .filter(([, declared]) => declared.extension)
      .map(([name, declared]) => [name as ExtensionCall, declared] as const),
  ),
);
