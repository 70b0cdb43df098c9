/**
 * The gestor area's calls (issue 15), under /gestor of the API (/api/gestor/… on the server):
 * each part of the area registers its router here. Every call but login and the password
 * links is behind requireStaff; each router says which roles it admits.
 */
import { Hono } from "hono";
import type { ApiDeps } from "../deps.ts";
import { staffAuthRoutes } from "./staff/staff-auth-routes.ts";
import { gestorCartRoutes } from "./carts/routes.ts";
import { gestorCustomerRoutes } from "./customers/routes.ts";

export function gestorRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.route("/", staffAuthRoutes(deps));
  app.route("/", gestorCartRoutes(deps));
  app.route("/", gestorCustomerRoutes(deps));
  return app;
}
