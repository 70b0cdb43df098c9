import { Hono } from "hono";
import { requireCustomer, SESSION_EXPIRED, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { findLiveToken } from "../accounts/tokens.ts";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";
import { WAITING_LIST_MESSAGES as M, waitingList, type JoinWaitingListReply } from "../contract/waiting-list.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { limitByAddress } from "../rate-limit.ts";
import { STOCK_ALERTS_BY_ADDRESS } from "../stock-alerts/routes.ts";
import {
  acceptSeatOffer,
  declineSeatOffer,
  findSeatOffer,
  joinWaitingList,
  leaveWaitingList,
} from "../stock/waiting-list.ts";
import { at, validated } from "../validation.ts";

/** As "Avise-me": a form anyone can post, each request may keep an address. */
const WAITING_LIST_BY_ADDRESS = { ...STOCK_ALERTS_BY_ADDRESS, name: "waiting-list" };
/** A link's token is 256 random bits; this only keeps a script from hammering the lookup. */
const SEAT_OFFERS_BY_ADDRESS = { name: "seat-offer", limit: 30, windowMs: 10 * 60_000 };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** A full class's waiting list (api/contract/waiting-list.ts; docs/decisions/0070-waiting-list.md). */
export function waitingListRoutes(deps: ApiDeps) {
  const { joinWaitingList: join, leaveWaitingList: leave, getSeatOffer, acceptSeatOffer: accept } = waitingList;
  const { declineSeatOffer: decline } = waitingList;
  return new Hono<CustomerEnv>()
    .on(...at(join), limitByAddress(deps, WAITING_LIST_BY_ADDRESS), validated(join), async (c) => {
      const input = c.req.valid("json");
      // As "Avise-me" (decision 0069): a live token of this store joins its customer's address;
      // otherwise the visitor's, with consent; a dead token with nothing typed ends the session.
      const token = BEARER.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
      const found = token ? await findLiveToken(deps, token) : undefined;
      const customer = found && found.store_id === input.storeId ? found : undefined;
      if (!customer && token && !input.email) throw new ApiError(401, SESSION_EXPIRED);
      if (!customer && !input.email) throw badRequest(CUSTOMER_MESSAGES.emailRequired);
      if (!customer && input.consent !== true) throw badRequest(M.consentRequired);
      const entry = await joinWaitingList(deps.db, {
        storeId: input.storeId,
        itemTotvsId: input.itemTOTVSId,
        email: customer ? customer.email : input.email!,
        customerId: customer?.id ?? null,
        storefrontUrl: deps.publicUrl,
        at: deps.now().toISOString(),
      });
      return c.json<JoinWaitingListReply>(
        {
          waitingListEntry: { id: entry.id, itemTOTVSId: input.itemTOTVSId, email: entry.email, place: entry.place },
          alreadyWaiting: entry.alreadyWaiting,
        },
        entry.alreadyWaiting ? 200 : 201,
      );
    })
    .on(...at(leave), requireCustomer(deps), validated(leave), async (c) => {
      const input = c.req.valid("json");
      const customer = c.get("customer");
      if (input.storeId !== customer.store_id) return c.json({ left: 0 });
      const left = await leaveWaitingList(
        deps.db,
        customer,
        input.itemTOTVSId,
        deps.now().toISOString(),
        deps.whatsapp,
      );
      return c.json({ left });
    })
    .on(...at(getSeatOffer), limitByAddress(deps, SEAT_OFFERS_BY_ADDRESS), validated(getSeatOffer), async (c) => {
      const offer = await findSeatOffer(deps.db, c.req.valid("param").token);
      if (!offer) throw notFound(M.offerNotFound);
      return c.json({ seatOffer: offer });
    })
    .on(...at(accept), requireCustomer(deps), validated(accept), async (c) => {
      const customer = c.get("customer");
      const offer = await acceptSeatOffer(deps.db, c.req.valid("param").token, customer, deps.now().toISOString());
      return c.json({ seatOffer: offer });
    })
    .on(...at(decline), limitByAddress(deps, SEAT_OFFERS_BY_ADDRESS), validated(decline), async (c) => {
      const offer = await declineSeatOffer(
        deps.db,
        c.req.valid("param").token,
        deps.now().toISOString(),
        deps.whatsapp,
      );
      return c.json({ seatOffer: offer });
    });
}
