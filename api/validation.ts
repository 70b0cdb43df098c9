import type { Context } from "hono";
import { z } from "zod";
import type { Endpoint } from "./contract/endpoint.ts";
import { storeIdField } from "./contract/fields.ts";
import { ApiError, badRequest } from "./errors.ts";

/** An endpoint's method and path for Hono's `on`: `.on(...at(carts.getCart), handler)`. */
export const at = <E extends Endpoint>(declared: E) => [declared.method, declared.path] as [E["method"], E["path"]];

export const INPUT_MESSAGES = {
  notAnObject: "Envie os dados como um objeto JSON.",
  field: (path: string) => `O campo ${path} é inválido.`,
} as const;

/**
 * For a rule that has no message of its own (Zod's defaults are English and meant for
 * developers): the field it concerns, in Portuguese. The contract's own messages come first.
 */
function messageOf(issue: { path?: PropertyKey[] }): string {
  const path = (issue.path ?? []).map(String).join(".");
  return path ? INPUT_MESSAGES.field(path) : INPUT_MESSAGES.notAnObject;
}

/** Parses input with a schema; the first issue's message becomes a 400 reply. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input, { error: messageOf });
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Dados inválidos.");
  return result.data;
}

export const BODY_MESSAGES = {
  notJson: "O corpo da requisição não é um JSON válido.",
  notJsonType: "Envie o corpo da requisição como JSON (Content-Type: application/json).",
  nul: "A requisição contém caracteres inválidos.",
} as const;

/** application/json, with or without parameters (charset). */
function isJsonType(contentType: string): boolean {
  return contentType.split(";", 1)[0]!.trim().toLowerCase() === "application/json";
}

/** NUL is never text a person typed, and PostgreSQL refuses it in a text column. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw badRequest(BODY_MESSAGES.nul);
  return value;
}

/**
 * Reads a JSON body: an absent body is {}, a malformed one a 400 in Portuguese. Only
 * application/json is read (415 otherwise, before reading): a browser sends that type across
 * sites only after a CORS preflight, which the API never grants, so another site's plain form
 * cannot sign someone up or ask for a password reset (docs/decisions/0015-store-api-input.md).
 * The size was checked before (app.ts, bodyLimit).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header("content-type");
  if (contentType !== undefined && !isJsonType(contentType)) throw new ApiError(415, BODY_MESSAGES.notJsonType);
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (contentType === undefined) throw new ApiError(415, BODY_MESSAGES.notJsonType);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, refuseNul);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(BODY_MESSAGES.notJson);
  }
  return parsed;
}

/** The path's {storeId}, for calls that read nothing else from their path. */
export const storeIdOfPath = z.object({ storeId: storeIdField });

export const uuidParam = (message: string) => z.string().uuid({ message });
