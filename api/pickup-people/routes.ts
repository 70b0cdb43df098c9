import { Hono } from "hono";
import { pickupPeople } from "../contract/pickup-people.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { at, validated } from "../validation.ts";
import { addPickupPerson, listPickupPeople, removePickupPerson } from "./service.ts";

/** Beyond spec §7 (issue 30): who may pick up the account's orders; each account its own people only. */
export function pickupPeopleRoutes(deps: ApiDeps) {
  const { listPickupPeople: list, addPickupPerson: add, removePickupPerson: remove } = pickupPeople;
  return new Hono<CustomerEnv>()
    .on(...at(list), requireCustomer(deps), validated(list), async (c) =>
      c.json({ people: await listPickupPeople(deps, c.get("customer")) }),
    )
    .on(...at(add), requireCustomer(deps), validated(add), async (c) =>
      c.json({ people: await addPickupPerson(deps, c.get("customer"), c.req.valid("json")) }, 201),
    )
    .on(...at(remove), requireCustomer(deps), validated(remove), async (c) =>
      c.json({ people: await removePickupPerson(deps, c.get("customer"), c.req.valid("json").id) }),
    );
}
