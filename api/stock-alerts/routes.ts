import { Hono } from "hono";
import { SESSION_EXPIRED } from "../accounts/auth-middleware.ts";
import { findLiveToken } from "../accounts/tokens.ts";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";
import { STOCK_ALERT_MESSAGES, stockAlerts, type StockAlertReply } from "../contract/stock-alerts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest } from "../errors.ts";
import { limitByAddress } from "../rate-limit.ts";
import { createStockAlert } from "../stock/alerts.ts";
import { at, validated } from "../validation.ts";

/** As the newsletter: a form anyone can post, each request may keep an address. */
export const STOCK_ALERTS_BY_ADDRESS = { name: "stock-alert", limit: 10, windowMs: 10 * 60_000 };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export function stockAlertRoutes(deps: ApiDeps) {
  const { createStockAlert: declared } = stockAlerts;
  return new Hono().on(
    ...at(declared),
    limitByAddress(deps, STOCK_ALERTS_BY_ADDRESS),
    validated(declared),
    async (c) => {
      const input = c.req.valid("json");
      // A live token of this store: the customer's own address waits. Otherwise (no token, or an
      // expired one: not a 401 that would lose what was typed) the visitor's, with their consent.
      const token = BEARER.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
      const found = token ? await findLiveToken(deps, token) : undefined;
      const customer = found && found.store_id === input.storeId ? found : undefined;
      // The button of a session that has ended, with no address typed: the storefront ends it too.
      if (!customer && token && !input.email) throw new ApiError(401, SESSION_EXPIRED);
      if (!customer && !input.email) throw badRequest(CUSTOMER_MESSAGES.emailRequired);
      if (!customer && input.consent !== true) throw badRequest(STOCK_ALERT_MESSAGES.consentRequired);
      const email = customer ? customer.email : input.email!;
      const alert = await createStockAlert(deps.db, {
        storeId: input.storeId,
        itemTotvsId: input.itemTOTVSId,
        email,
        customerId: customer?.id ?? null,
        storefrontUrl: deps.publicUrl,
        at: deps.now().toISOString(),
      });
      return c.json<StockAlertReply>(
        {
          stockAlert: { id: alert.id, itemTOTVSId: input.itemTOTVSId, email },
          alreadyWaiting: alert.alreadyWaiting,
        },
        alert.alreadyWaiting ? 200 : 201,
      );
    },
  );
}
