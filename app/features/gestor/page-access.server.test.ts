/**
 * The gestor pages a unit's secretary opens (decision 0061): her units' parts of the area, never
 * the network's catalogue, coupons, units, team, audit or integrations; without units, only her
 * own account. The calls behind each page are the API matrix's (api/gestor/authorization.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  gestorGet,
  staffLoggedIn,
  thrownBy,
  gestorTestStoreForFile,
  type LoggedInStaff,
} from "#tests/fixtures/gestor-requests.ts";
import { loadCartsPage } from "./carts/carts.server.ts";
import { productListPage } from "./catalogue/catalogue.server.ts";
import { couponListPage } from "./coupons/coupons.server.ts";
import { loadDirectory } from "./customers/customers.server.ts";
import { GESTOR_MENU, GESTOR_PATHS } from "./gestor-paths.ts";
import { integrationKeysPage } from "./integration-keys/integration-keys.server.ts";
import { dashboardPage } from "./orders/dashboard.server.ts";
import { ordersPage } from "./orders/orders.server.ts";
import { NO_UNITS_PAGE, ROLE_REFUSED_PAGE } from "./staff-guard.server.ts";
import { auditPage } from "./staff/audit.server.ts";
import { rosterImportPage, rosterListPage } from "./roster/roster.server.ts";
import { ownAccountPage } from "./staff/own-account.server.ts";
import { teamPage } from "./staff/team.server.ts";
import { ticketListPage } from "./tickets/tickets.server.ts";
import { unitListPage } from "./units/units.server.ts";

const { store, secretaria: secretary } = gestorTestStoreForFile(["secretaria"]);
let unitless: LoggedInStaff;

beforeAll(async () => {
  unitless = await staffLoggedIn(store.db, "secretaria", ["3"]);
  await store.db.deleteFrom("staff_units").where("staff_id", "=", unitless.staffId).execute();
});

const OPEN = [
  [GESTOR_PATHS.home, dashboardPage],
  [GESTOR_PATHS.orders, ordersPage],
  [GESTOR_PATHS.carts, loadCartsPage],
  [GESTOR_PATHS.customers, loadDirectory],
  [GESTOR_PATHS.tickets, ticketListPage],
] as const;
const CLOSED = [
  [GESTOR_PATHS.catalogue, productListPage],
  [GESTOR_PATHS.coupons, couponListPage],
  [GESTOR_PATHS.units, unitListPage],
  [GESTOR_PATHS.team, teamPage],
  [GESTOR_PATHS.audit, auditPage],
  [GESTOR_PATHS.integrationKeys, integrationKeysPage],
  [GESTOR_PATHS.roster, rosterListPage],
  [GESTOR_PATHS.rosterImport, rosterImportPage],
] as const;

describe("a unit's secretary in the gestor area", () => {
  it.each(OPEN)("opens %s", async (path, page) => {
    await expect(page(gestorGet(secretary.cookie, path))).resolves.toBeDefined();
  });

  it.each(CLOSED)("is refused %s", async (path, page) => {
    const refused = await thrownBy(page(gestorGet(secretary.cookie, path)));
    expect([refused?.status, await refused?.text()]).toEqual([403, ROLE_REFUSED_PAGE]);
  });

  it("sees in the menu exactly the pages she opens", () => {
    const shown = GESTOR_MENU.filter((entry) => !entry.roles || entry.roles.includes("secretaria")).map(
      (entry) => entry.to,
    );
    expect(shown.sort()).toEqual(OPEN.map(([path]) => path).sort());
  });

  it("without units is told why on every unit page, and still opens her own account", async () => {
    for (const [path, page] of OPEN) {
      const refused = await thrownBy(page(gestorGet(unitless.cookie, path)));
      expect([refused?.status, await refused?.text()], path).toEqual([403, NO_UNITS_PAGE]);
    }
    const own = await ownAccountPage(gestorGet(unitless.cookie, GESTOR_PATHS.ownAccount));
    expect(own.staff).toMatchObject({ role: "secretaria", unitCodes: [] });
  });
});
