import { Hono } from "hono";
import { catalogue, type UnitsReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import { listUnits } from "./repository.ts";

export function unitRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.listUnits), validated(catalogue.listUnits), async (c) => {
    const { storeId } = c.req.valid("param");
    await assertStoreExists(deps, storeId);
    const units = await listUnits(deps.db, storeId);
    return c.json<UnitsReply>({
      units: units.map(({ code, position: _position, ...unit }) => ({ CODCOLIGADA: code, ...unit })),
    });
  });
}
