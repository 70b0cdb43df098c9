/**
 * How a call of the store API (spec §7) is declared once: method, path pattern with
 * `:params`, the Zod schemas of its path parameters, query and JSON body, and of its reply.
 * The Hono routes register from these, and their `validated` middleware (api/validation.ts)
 * parses each request with the same schemas before the handler runs, so a handler reads
 * `c.req.valid("param" | "query" | "json")` and never names a schema again
 * (docs/decisions/0052-validation-where-the-route-is-declared.md). The storefront's client
 * builds its URLs and checks its replies with them; the OpenAPI document (api/openapi) is
 * written from them.
 */
import { z } from "zod";
import type { IntegrationScope } from "./gestor/integration-keys.ts";

export type HttpMethod = "GET" | "POST" | "PUT";

export interface Endpoint {
  readonly method: HttpMethod;
  /** Spec §7's path, `:name` for each parameter. */
  readonly path: string;
  /**
   * The path's parameters as the API reads them (a numeric store id, a uuid…), where it
   * checks them before anything else; a parameter the schema leaves out is plain text.
   */
  readonly params?: z.ZodType;
  /**
   * A parameter the schema refuses names nothing: 404 with the schema's message, as an unknown
   * id would answer (the gestor's cart, customer and link ids), instead of 400.
   */
  readonly paramsNotFound?: true;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** What a 2xx answers; null for a call that answers 204 without a body. */
  readonly reply: z.ZodType | null;
  /** Spec §7 "200 or 204 is success": a 2xx without a body is a success too. */
  readonly mayBeEmpty?: true;
  /**
   * The reply is the same for everyone and holds nothing personal (the catalogue): the API
   * leaves its caching alone. Every other reply is `Cache-Control: no-store` (api/app.ts).
   */
  readonly cacheable?: true;
  /**
   * Beyond spec §7: the school network's own store API may not have it, so the storefront
   * uses it only when the store API does and falls back to what §7 offers otherwise
   * (docs/decisions/0026-school-api-optional-calls.md).
   */
  readonly extension?: true;
  /**
   * A call the school's ERP may make with an integration key of this scope, besides an
   * admin's session (docs/decisions/0060-integration-keys.md). Its guard and the OpenAPI
   * document's `security` read it from here.
   */
  readonly integrationKey?: IntegrationScope;
  /**
   * Failures whose body says more than `{ error: { message } }`, by status (finish-cart's 409
   * ITEM_SOLD_OUT names the items): the OpenAPI document shows them.
   */
  readonly errorReplies?: Readonly<Record<number, { readonly description: string; readonly schema: z.ZodType }>>;
}

/** Declares an endpoint, keeping its literal method and path for the types. */
export const endpoint = <const E extends Endpoint>(declared: E): E => declared;

/** `{ error: { message } }`: every failure of the store API. */
export const apiErrorBody = z.object({ error: z.object({ message: z.string() }) });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:params`, by name. */
export type PathParams<P extends string> = { [Name in ParamNames<P>]: string | number };

/** What a client sends as the body (the schema's input: before coercions and defaults). */
export type PayloadOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : never;
/** The body as the API reads it, once parsed. */
export type BodyOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.output<E["body"]> : never;
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.input<E["query"]> : never;
export type ReplyOf<E extends Endpoint> = E["reply"] extends z.ZodType ? z.output<E["reply"]> : undefined;

const PARAM = /:([A-Za-z0-9_]+)/g;

/** The path with each `:param` replaced by its encoded value, then the query, if any. */
export function buildPath<P extends string>(
  path: P,
  params: PathParams<P>,
  query: Record<string, string | number | undefined> = {},
): string {
  const values = params as Record<string, string | number | undefined>;
  const built = path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`buildPath: ${path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return search ? `${built}?${search}` : built;
}

const patterns = new WeakMap<Endpoint, RegExp>();

function patternOf(declared: Endpoint): RegExp {
  let pattern = patterns.get(declared);
  if (!pattern) {
    const source = declared.path
      .split(PARAM)
      .map((part, i) => (i % 2 === 1 ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    pattern = new RegExp(`^${source}$`);
    patterns.set(declared, pattern);
  }
  return pattern;
}

/** The endpoint a request goes to (the query is ignored), or undefined. */
export function matchEndpoint<E extends Endpoint>(endpoints: readonly E[], method: string, url: string): E | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return endpoints.find((candidate) => candidate.method === method.toUpperCase() && patternOf(candidate).test(path));
}
