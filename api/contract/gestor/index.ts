/**
 * The gestor area's calls (issue 15; docs/decisions/0028-gestor-area.md), one file per part of
 * the area, documented beside spec §7's. Never probed as §7 extensions: the area needs the
 * bundled API (or another instance of it) and says so when the store API has none.
 */
import type { Endpoint } from "../endpoint.ts";
import { gestorAccount } from "./account.ts";
import { gestorAuth } from "./auth.ts";
import { gestorCarts } from "./carts.ts";
import { gestorCatalogue } from "./catalogue.ts";
import { gestorCoupons } from "./coupons.ts";
import { gestorCustomers } from "./customers.ts";
import { gestorDelivery } from "./delivery.ts";
import { gestorGrades } from "./grades.ts";
import { gestorIntegrationKeys } from "./integration-keys.ts";
import { gestorMaterialLists } from "./material-lists.ts";
import { gestorMessages } from "./messages.ts";
import { gestorSales } from "./sales.ts";
import { gestorRoster } from "./roster.ts";
import { gestorRosterSync } from "./roster-sync.ts";
import { gestorSearch } from "./search.ts";
import { gestorStock } from "./stock.ts";
import { gestorAudit, gestorTeam } from "./team.ts";
import { gestorTickets } from "./tickets.ts";
import { gestorUnits } from "./units.ts";
import { gestorWaitingList } from "./waiting-list.ts";

export * from "./auth.ts";
export * from "./catalogue.ts";
export * from "./staff.ts";
export * from "./account.ts";
export * from "./team.ts";
export * from "./sales.ts";
export * from "./coupons.ts";
export * from "./tickets.ts";
export * from "./integration-keys.ts";
export * from "./units.ts";
export * from "./grades.ts";
export * from "./roster.ts";
export * from "./roster-sync.ts";
export * from "./stock.ts";
export * from "./waiting-list.ts";
export * from "./material-lists.ts";
export * from "./delivery.ts";
export * from "./messages.ts";

export const gestorContract = {
  auth: gestorAuth,
  account: gestorAccount,
  team: gestorTeam,
  audit: gestorAudit,
  sales: gestorSales,
  carts: gestorCarts,
  customers: gestorCustomers,
  catalogue: gestorCatalogue,
  coupons: gestorCoupons,
  tickets: gestorTickets,
  search: gestorSearch,
  integrationKeys: gestorIntegrationKeys,
  units: gestorUnits,
  grades: gestorGrades,
  roster: gestorRoster,
  rosterSync: gestorRosterSync,
  stock: gestorStock,
  waitingList: gestorWaitingList,
  materialLists: gestorMaterialLists,
  delivery: gestorDelivery,
  messages: gestorMessages,
};

export const gestorEndpoints: readonly Endpoint[] = Object.values(gestorContract).flatMap((area) =>
  Object.values(area),
);
