import { Hono } from "hono";
import { catalogue, type StoreReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { at, validated } from "../validation.ts";
import { findStore } from "./repository.ts";

export function storeRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.getStore), validated(catalogue.getStore), async (c) => {
    const { storeId } = c.req.valid("param");
    return c.json<StoreReply>({ store: await findStore(deps, storeId) });
  });
}
