/**
 * The messages the store sent (issue 31): a customer's and a sale's, for whoever opens their pages,
 * and the Painel's failures of the last day; a secretary her units' (decision 0061), another
 * unit's customer or sale is not found.
 */
import { Hono } from "hono";
import { CUSTOMER_NOT_FOUND } from "../../contract/gestor/customers.ts";
import { DELIVERY_MESSAGES } from "../../contract/gestor/delivery.ts";
import { gestorMessages } from "../../contract/gestor/messages.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { requireStaff, type StaffEnv } from "../staff/require-staff.ts";
import { customerMessages, failedMessages, saleMessages } from "./message-lists.ts";

export function gestorMessageRoutes(deps: ApiDeps) {
  const customerStaff = requireStaff(deps, { roles: PART_ROLES.customers });
  const saleStaff = requireStaff(deps, { roles: PART_ROLES.sales });
  const dashboardStaff = requireStaff(deps, { roles: PART_ROLES.dashboard });
  const { customerMessages: ofCustomer, saleMessages: ofSale, failedMessages: failed } = gestorMessages;
  return new Hono<StaffEnv>()
    .on(...at(ofCustomer), customerStaff, validated(ofCustomer), async (c) => {
      const messages = await customerMessages(deps.db, c.req.valid("param").customerId, c.get("scope"));
      if (!messages) throw notFound(CUSTOMER_NOT_FOUND);
      return c.json({ messages });
    })
    .on(...at(ofSale), saleStaff, validated(ofSale), async (c) => {
      const messages = await saleMessages(deps.db, c.req.valid("param").saleId, c.get("scope"));
      if (!messages) throw notFound(DELIVERY_MESSAGES.saleNotFound);
      return c.json({ messages });
    })
    .on(...at(failed), dashboardStaff, async (c) =>
      c.json({ messages: await failedMessages(deps.db, c.get("scope"), deps.now()) }),
    );
}
