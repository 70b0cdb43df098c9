import { Hono } from "hono";
import { findLiveToken } from "../accounts/tokens.ts";
import { support, type SupportTicketReply } from "../contract/support.ts";
import type { ApiDeps } from "../deps.ts";
import { callerAddress, reserve, tryAgainLater } from "../rate-limit.ts";
import { at, validated } from "../validation.ts";
import { createTicket } from "./service.ts";

/**
 * A form anyone can post, and each ticket mails the address typed in it: a family behind one
 * school network's address may write a few times an hour, a script may not, and one inbox gets
 * at most a few receipts (decision note 0023).
 */
export const TICKETS_BY_ADDRESS = { name: "ticket-address", limit: 10, windowMs: 60 * 60_000 };
export const TICKETS_BY_EMAIL = { name: "ticket-email", limit: 3, windowMs: 60 * 60_000 };
export const TOO_MANY_TICKETS = "Você enviou muitas mensagens em pouco tempo.";

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export function ticketRoutes(deps: ApiDeps) {
  return new Hono().on(...at(support.createTicket), validated(support.createTicket), async (c) => {
    const input = c.req.valid("json");
    await reserve(
      deps,
      [
        [TICKETS_BY_ADDRESS, callerAddress(c)],
        [TICKETS_BY_EMAIL, input.email],
      ],
      (waitMs) => tryAgainLater(waitMs, TOO_MANY_TICKETS),
    );
    // Logged in or not, anyone may write: a live token only files the ticket under its account
    // (an expired one is a visitor's message, not a 401 that would lose what was typed).
    const token = BEARER.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    const customer = token ? await findLiveToken(deps, token) : undefined;
    const ticket = await createTicket(
      deps,
      input,
      customer && customer.store_id === input.storeId ? customer.id : null,
    );
    return c.json<SupportTicketReply>({ ticket }, 201);
  });
}
