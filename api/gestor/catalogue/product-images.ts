/**
 * Product images uploaded in the gestor area (docs/decisions/0032-catalogue-editing.md): kept in
 * the database, so every server behind a load balancer serves them, each at an address of its
 * own that never changes (a new upload is a new address), cached for a year.
 */
import { Hono } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#db/schema.ts";
import {
  gestorCatalogue,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_WRONG_TYPE,
} from "../../contract/gestor/catalogue.ts";
import type { ApiDeps } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { at } from "../../validation.ts";

const TYPES = [
  { type: "image/jpeg", extension: "jpg", matches: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    extension: "png",
    matches: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  {
    type: "image/webp",
    extension: "webp",
    matches: (b: Uint8Array) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP",
  },
] as const;

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image's real type, read from its first bytes (never from its name or the browser's word). */
export function imageTypeOf(bytes: Uint8Array) {
  return TYPES.find((candidate) => candidate.matches(bytes));
}

export const PRODUCT_IMAGE_PATH_PREFIX = "/api/product-images/";

/** Checks and stores an upload (base64); answers the image's address for products.image. */
export async function storeProductImage(db: Kysely<Database>, base64: string, now: Date): Promise<string> {
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.byteLength === 0) throw badRequest(IMAGE_WRONG_TYPE);
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw badRequest(IMAGE_TOO_LARGE);
  const kind = imageTypeOf(bytes);
  if (!kind) throw badRequest(IMAGE_WRONG_TYPE);
  const id = crypto.randomUUID();
  await db
    .insertInto("product_images")
    .values({ id, content_type: kind.type, data: bytes, byte_size: bytes.byteLength, created_at: now.toISOString() })
    .execute();
  return `${PRODUCT_IMAGE_PATH_PREFIX}${id}.${kind.extension}`;
}

const fileParam = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f-]{36}\.(jpg|png|webp)$/)
    .transform((file) => file.slice(0, 36))
    .pipe(z.string().uuid()),
});

/** GET /product-images/:file: public, as the shop's pages show it. */
export function productImageRoutes(deps: ApiDeps) {
  return new Hono().on(...at(gestorCatalogue.productImage), async (c) => {
    const file = fileParam.safeParse(c.req.param()).data?.file;
    const image = file
      ? await deps.db
          .selectFrom("product_images")
          .select(["content_type", "data"])
          .where("id", "=", file)
          .executeTakeFirst()
      : undefined;
    if (!image) throw notFound("Imagem não encontrada.");
    return c.body(new Uint8Array(image.data), 200, {
      "Content-Type": image.content_type,
      // No X-Content-Type-Options here: helmet sends it on every response of the server
      // (docs/decisions/0017), and React Router appends a reply's own, which made it twice.
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
}
