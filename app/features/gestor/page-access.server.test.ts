/**
 * What a unit's secretary finds in the gestor area (decision 0061) beyond the page matrix
 * (page-matrix.server.test.ts: every page × every role, opened or refused): the menu shows her
 * units' pages only; a page of the network tells her that her role does not open it; without
 * units, every unit page tells her why, and her own account still opens.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  gestorGet,
  gestorTestStoreForFile,
  staffLoggedIn,
  thrownBy,
  type LoggedInStaff,
} from "#tests/fixtures/gestor-requests.ts";
import { loadCartsPage } from "./carts/carts.server.ts";
import { productListPage } from "./catalogue/catalogue.server.ts";
import { loadDirectory } from "./customers/customers.server.ts";
import { readyPage, separationPage } from "./delivery/delivery.server.ts";
import { checkInPage, counterSearchPage } from "./delivery-counter/counter.server.ts";
import { GESTOR_MENU, GESTOR_PATHS } from "./gestor-paths.ts";
import { dashboardPage } from "./orders/dashboard.server.ts";
import { ordersPage } from "./orders/orders.server.ts";
import { NO_UNITS_PAGE, ROLE_REFUSED_PAGE } from "./staff-guard.server.ts";
import { ownAccountPage } from "./staff/own-account.server.ts";
import { stockPage } from "./stock/stock.server.ts";
import { ticketListPage } from "./tickets/tickets.server.ts";

const { store, secretaria: secretary } = gestorTestStoreForFile(["secretaria"]);
let unitless: LoggedInStaff;

beforeAll(async () => {
  unitless = await staffLoggedIn(store.db, "secretaria", ["3"]);
  await store.db.deleteFrom("staff_units").where("staff_id", "=", unitless.staffId).execute();
});

/** Her units' pages, which the matrix shows her opening. */
const UNIT_PAGES = [
  [GESTOR_PATHS.home, dashboardPage],
  [GESTOR_PATHS.orders, ordersPage],
  [GESTOR_PATHS.carts, loadCartsPage],
  [GESTOR_PATHS.customers, loadDirectory],
  [GESTOR_PATHS.tickets, ticketListPage],
  [GESTOR_PATHS.stock, stockPage],
  [GESTOR_PATHS.separation, separationPage],
  [GESTOR_PATHS.readyBags, readyPage],
  [GESTOR_PATHS.counter, (request: Request) => counterSearchPage(request, GESTOR_PATHS.counterSale)],
  [GESTOR_PATHS.exchange, (request: Request) => counterSearchPage(request, GESTOR_PATHS.counterSale)],
  [GESTOR_PATHS.checkIn, checkInPage],
] as const;

describe("a unit's secretary in the gestor area", () => {
  it("is told that her role does not open a page of the network's", async () => {
    const refused = await thrownBy(productListPage(gestorGet(secretary.cookie, GESTOR_PATHS.catalogue)));
    expect([refused?.status, await refused?.text()]).toEqual([403, ROLE_REFUSED_PAGE]);
  });

  it("sees in the menu exactly the pages she opens", () => {
    const shown = GESTOR_MENU.filter((entry) => !entry.roles || entry.roles.includes("secretaria")).map(
      (entry) => entry.to,
    );
    expect(shown.sort()).toEqual(UNIT_PAGES.map(([path]) => path).sort());
  });

  it("without units is told why on every unit page, and still opens her own account", async () => {
    for (const [path, page] of UNIT_PAGES) {
      const refused = await thrownBy(page(gestorGet(unitless.cookie, path)));
      expect([refused?.status, await refused?.text()], path).toEqual([403, NO_UNITS_PAGE]);
    }
    const own = await ownAccountPage(gestorGet(unitless.cookie, GESTOR_PATHS.ownAccount));
    expect(own.staff).toMatchObject({ role: "secretaria", unitCodes: [] });
  });
});
