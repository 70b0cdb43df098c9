import { Hono } from "hono";
import type { ApiDeps } from "./deps.ts";
import { errorBody, handleApiError } from "./errors.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { cartItemRoutes } from "./coupons/cart-item-routes.ts";
import { cartRoutes } from "./carts/routes.ts";
import { categoryRoutes } from "./categories/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { highlightRoutes } from "./highlights/routes.ts";
import { itemCouponRoutes } from "./coupons/item-coupon-routes.ts";
import { newsletterRoutes } from "./newsletters/routes.ts";
import { paymentMethodRoutes } from "./payment-methods/routes.ts";
import { productRoutes } from "./products/routes.ts";
import { responsibleRoutes } from "./responsibles/routes.ts";
import { saleBagRoutes } from "./sale-bags/routes.ts";
import { saleRoutes } from "./sales/routes.ts";
import { seriesRoutes } from "./series/routes.ts";
import { storeRoutes } from "./stores/routes.ts";
import { studentRoutes } from "./students/routes.ts";

/**
 * The bundled store API (spec §7), relative to where it is mounted (/api). Each resource
 * registers the full paths of api/contract, so every router is mounted at the root.
 */
export function createStoreApi(deps: ApiDeps) {
  const app = new Hono();
  app.onError(handleApiError);
  app.notFound((c) => c.json(errorBody("Recurso não encontrado."), 404));
  app.route("/", categoryRoutes(deps));
  app.route("/", productRoutes(deps));
  app.route("/", highlightRoutes(deps));
  app.route("/", seriesRoutes(deps));
  app.route("/", storeRoutes(deps));
  app.route("/", newsletterRoutes(deps));
  app.route("/", paymentMethodRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", customerRoutes(deps));
  app.route("/", saleRoutes(deps));
  app.route("/", saleBagRoutes(deps));
  app.route("/", studentRoutes(deps));
  app.route("/", responsibleRoutes(deps));
  app.route("/", cartRoutes(deps));
  app.route("/", cartItemRoutes(deps));
  app.route("/", itemCouponRoutes(deps));
  return app;
}

export type StoreApi = ReturnType<typeof createStoreApi>;
