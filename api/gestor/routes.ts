/**
 * The gestor area's calls (issue 15), under /gestor of the API (/api/gestor/… on the server):
 * each part of the area registers its router here. Every call but login and the password
 * links is behind requireStaff; each router says which roles it admits.
 */
import { Hono } from "hono";
import type { ApiDeps } from "../deps.ts";
import { auditRoutes } from "./audit/routes.ts";
import { staffAccountRoutes } from "./account/routes.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { productImageRoutes } from "./catalogue/product-images.ts";
import { staffAuthRoutes } from "./staff/routes.ts";
import { gestorSalesRoutes } from "./sales/routes.ts";
import { teamRoutes } from "./team/routes.ts";
import { gestorCouponRoutes } from "./coupons/routes.ts";
import { gestorTicketRoutes } from "./tickets/routes.ts";
import { gestorCartRoutes } from "./carts/routes.ts";
import { gestorCustomerRoutes } from "./customers/routes.ts";
import { gestorSearchRoutes } from "./search/routes.ts";
import { integrationKeyRoutes } from "./integration-keys/routes.ts";
import { gestorUnitRoutes } from "./units/routes.ts";
import { gestorGradeRoutes } from "./grades/routes.ts";
import { gestorRosterRoutes } from "./roster/routes.ts";
import { rosterSyncRoutes } from "./roster-sync/routes.ts";
import { gestorStockRoutes } from "./stock/routes.ts";
import { gestorMaterialListRoutes } from "./material-lists/routes.ts";
import { gestorDeliveryRoutes } from "./delivery/routes.ts";
import { gestorCounterRoutes } from "./delivery/counter-routes.ts";
import { gestorMessageRoutes } from "./messages/routes.ts";

export function gestorRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.route("/", staffAuthRoutes(deps));
  app.route("/", gestorSalesRoutes(deps));
  app.route("/", staffAccountRoutes(deps));
  app.route("/", teamRoutes(deps));
  app.route("/", auditRoutes(deps));
  app.route("/", catalogueRoutes(deps));
  // Public: the images uploaded for products, as the shop shows them.
  app.route("/", productImageRoutes(deps));
  app.route("/", gestorCouponRoutes(deps));
  app.route("/", gestorTicketRoutes(deps));
  app.route("/", gestorCartRoutes(deps));
  app.route("/", gestorCustomerRoutes(deps));
  app.route("/", gestorSearchRoutes(deps));
  app.route("/", integrationKeyRoutes(deps));
  app.route("/", gestorUnitRoutes(deps));
  app.route("/", gestorGradeRoutes(deps));
  app.route("/", gestorRosterRoutes(deps));
  app.route("/", rosterSyncRoutes(deps));
  app.route("/", gestorStockRoutes(deps));
  app.route("/", gestorMaterialListRoutes(deps));
  app.route("/", gestorDeliveryRoutes(deps));
  app.route("/", gestorCounterRoutes(deps));
  app.route("/", gestorMessageRoutes(deps));
  return app;
}
