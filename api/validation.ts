import type { Context } from "hono";
import { z } from "zod";
import type { Endpoint } from "./contract/endpoint.ts";
import { storeIdField } from "./contract/fields.ts";
import { badRequest } from "./errors.ts";

/** An endpoint's method and path for Hono's `on`: `.on(...at(carts.getCart), handler)`. */
export const at = <E extends Endpoint>(declared: E) => [declared.method, declared.path] as [E["method"], E["path"]];

/** Parses input with a schema; the first issue's message becomes a 400 reply. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Dados inválidos.");
  return result.data;
}

/** Reads a JSON body; an absent or malformed body is a 400 in Portuguese. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("O corpo da requisição não é um JSON válido.");
  }
}

/** The path's {storeId}, for calls that read nothing else from their path. */
export const storeIdOfPath = z.object({ storeId: storeIdField });

export const uuidParam = (message: string) => z.string().uuid({ message });
