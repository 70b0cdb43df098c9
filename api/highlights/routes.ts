import { Hono } from "hono";
import { z } from "zod";
import { catalogue, type HighlightReply } from "../contract/catalogue.ts";
import { integerId, storeIdField } from "../contract/fields.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { at, parseInput } from "../validation.ts";

const params = z.object({ id: integerId("Identificador de destaque inválido."), storeId: storeIdField });

export function highlightRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.getHighlight), async (c) => {
    const { id, storeId } = parseInput(params, c.req.param());
    const highlight = await deps.db
      .selectFrom("highlights")
      .select(["id", "title"])
      .where("id", "=", id)
      .where("store_id", "=", storeId)
      .where("visible", "=", 1)
      .where("status", "=", "enabled")
      .executeTakeFirst();
    if (!highlight) throw notFound("Destaque não encontrado.");
    const banners = await deps.db
      .selectFrom("highlight_banners")
      .select(["id", "title", "subtitle", "image", "link"])
      .where("highlight_id", "=", id)
      .orderBy("position")
      .execute();
    return c.json<HighlightReply>({ highlight: { ...highlight, banners } });
  });
}
