import { Hono } from "hono";
import { z } from "zod";
import type { StoreReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { parseInput, storeIdParam } from "../validation.ts";
import { findStore } from "./store-repository.ts";

export function storeRoutes(deps: ApiDeps) {
  return new Hono().get("/list-store-by-store-id/:storeId", async (c) => {
    const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
    return c.json<StoreReply>({ store: await findStore(deps, storeId) });
  });
}
