import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors.ts";

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

export const storeIdParam = z.coerce
  .number({ message: "Identificador de loja inválido." })
  .int({ message: "Identificador de loja inválido." })
  .positive({ message: "Identificador de loja inválido." });

export const slugParam = z
  .string()
  .trim()
  .min(1, { message: "Slug inválido." })
  .max(120, { message: "Slug inválido." })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "Slug inválido." });

export const uuidParam = (message: string) => z.string().uuid({ message });
