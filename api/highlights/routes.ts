import { Hono } from "hono";
import { catalogue, type HighlightReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { at, validated } from "../validation.ts";

export function highlightRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.getHighlight), validated(catalogue.getHighlight), async (c) => {
    const { id, storeId } = c.req.valid("param");
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
