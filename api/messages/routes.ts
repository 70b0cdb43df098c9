import { Hono } from "hono";
import { messages } from "../contract/messages.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { at, validated } from "../validation.ts";
import { changeWhatsappConsent, whatsappAvailable, whatsappConsentOf } from "./consent-service.ts";

/** Beyond spec §7 (issue 31): whether the store sends WhatsApp, and each account's own consent. */
export function messageRoutes(deps: ApiDeps) {
  const { whatsappAvailability, getWhatsappConsent: get, setWhatsappConsent: set } = messages;
  return new Hono<CustomerEnv>()
    .on(...at(whatsappAvailability), validated(whatsappAvailability), (c) =>
      c.json({ available: whatsappAvailable(deps) }),
    )
    .on(...at(get), requireCustomer(deps), validated(get), async (c) =>
      c.json(await whatsappConsentOf(deps, c.get("customer"))),
    )
    .on(...at(set), requireCustomer(deps), validated(set), async (c) =>
      c.json(await changeWhatsappConsent(deps, c.get("customer"), c.req.valid("json"))),
    );
}
