import { Hono } from "hono";
import { catalogue, type NewsletterReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { limitByAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";

const NEWSLETTER_LIMIT = { name: "newsletter", limit: 5, windowMs: 10 * 60_000 };

export function newsletterRoutes(deps: ApiDeps) {
  const { createNewsletter } = catalogue;
  const limit = limitByAddress(deps, NEWSLETTER_LIMIT);
  return new Hono().on(...at(createNewsletter), limit, validated(createNewsletter), async (c) => {
    const { storeId, email } = c.req.valid("json");
    await assertStoreExists(deps, storeId);
    const id = crypto.randomUUID();
    const inserted = await deps.db
      .insertInto("newsletters")
      .values({ id, store_id: storeId, email, created_at: deps.now().toISOString() })
      .onConflict((oc) => oc.columns(["store_id", "email"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new ApiError(409, "Esse email já foi cadastrado no newsletter.");
    }
    return c.json<NewsletterReply>({ newsletter: { id, email } }, 201);
  });
}
