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

/** The bundled store API (spec §7). Paths are relative to where it is mounted (/api). */
export function createStoreApi(deps: ApiDeps) {
  const app = new Hono();
  app.onError(handleApiError);
  app.notFound((c) => c.json(errorBody("Recurso não encontrado."), 404));
  app.route("/categories", categoryRoutes(deps));
  app.route("/products", productRoutes(deps));
  app.route("/highlights", highlightRoutes(deps));
  app.route("/serie-totvs", seriesRoutes(deps));
  app.route("/stores", storeRoutes(deps));
  app.route("/newsletters", newsletterRoutes(deps));
  app.route("/payment-methods", paymentMethodRoutes(deps));
  app.route("/accounts", accountRoutes(deps));
  app.route("/customers", customerRoutes(deps));
  app.route("/sales", saleRoutes(deps));
  app.route("/sale-bags", saleBagRoutes(deps));
  app.route("/students", studentRoutes(deps));
  app.route("/responsibles", responsibleRoutes(deps));
  app.route("/carts", cartRoutes(deps));
  app.route("/cart-items", cartItemRoutes(deps));
  app.route("/items-coupons", itemCouponRoutes(deps));
  return app;
}

export type StoreApi = ReturnType<typeof createStoreApi>;
