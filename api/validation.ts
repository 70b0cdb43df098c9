import type { Context, Env, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { Endpoint } from "./contract/endpoint.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";

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

/** Parses input with a schema; the first issue's message becomes a 400 reply (or `refusal`'s). */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  refusal: (message: string) => ApiError = badRequest,
): z.infer<T> {
  const result = schema.safeParse(input, { error: messageOf });
  if (!result.success) throw refusal(result.error.issues[0]?.message ?? "Dados inválidos.");
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

type Parsed<S> = S extends z.ZodType ? z.output<S> : never;

/** What `validated` hands the handler, parsed and typed: `c.req.valid("param" | "query" | "json")`. */
interface ValidatedInput<E extends Endpoint> {
  out: { param: Parsed<E["params"]>; query: Parsed<E["query"]>; json: Parsed<E["body"]> };
}

/** A rule only the server checks, on top of the contract's body (it keeps the body's type). */
type BodyRule<E extends Endpoint> = (body: NonNullable<E["body"]>) => z.ZodType<Parsed<E["body"]>>;

/** Every endpoint a route validates with `validated`: the test that no route skips it reads this. */
export const validatedEndpoints = new Set<Endpoint>();

/**
 * The route's own middleware that parses its request with the contract's schemas, in this
 * order: path parameters, query, JSON body (`readJsonBody`: 415, empty = {}, NUL refused). The
 * first issue answers 400 (404 for `paramsNotFound`) in Portuguese, and the handler is never
 * reached with input its contract refuses. A check that must come first (auth, the caller's
 * own ids in the body) is a middleware placed before this one in the route's declaration.
 * `bodyRule` adds what only the server checks (the IBGE city of its state, too heavy for the
 * browser's copy of the contract: core/validation/city-of-state.ts).
 */
export function validated<E extends Endpoint>(
  declared: E,
  bodyRule?: BodyRule<E>,
): MiddlewareHandler<Env, string, ValidatedInput<E>> {
  const { params, query } = declared;
  const paramRefusal = declared.paramsNotFound ? notFound : badRequest;
  const body = declared.body && (bodyRule ? bodyRule(declared.body as NonNullable<E["body"]>) : declared.body);
  validatedEndpoints.add(declared);
  return async (c, next) => {
    if (params) c.req.addValidatedData("param", parseInput(params, c.req.param(), paramRefusal) as object);
    if (query) c.req.addValidatedData("query", parseInput(query, c.req.query()) as object);
    if (body) c.req.addValidatedData("json", parseInput(body, await readJsonBody(c)) as object);
    await next();
  };
}
