/**
 * Validation where the route is declared (issue 26, docs/decisions/0052): every call whose
 * contract entry declares path parameters, a query or a body is registered with
 * validated(endpoint), and that middleware answers a refused input itself, in the API's error
 * shape and in Portuguese, so the handler (and the database behind it) is never reached.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createStoreApi } from "./app.ts";
import { gestorEndpoints } from "./contract/gestor/index.ts";
import { buildPath, endpoints, type Endpoint } from "./contract/index.ts";
import { GUEST_CART_KEY_HEADER } from "./carts/guest-carts.ts";
import type { ApiDeps } from "./deps.ts";
import { ApiError, errorBody } from "./errors.ts";
import { at, INPUT_MESSAGES, validated, validatedEndpoints } from "./validation.ts";

const declared = [...endpoints, ...gestorEndpoints];
const withInput = declared.filter((call) => call.params || call.query || call.body);
const withBody = declared.filter((call) => call.body);

const nameOf = (call: Endpoint) => `${call.method} ${call.path}`;

const NUMERIC_PARAMS = new Set(["storeId", "highlightId", "id"]);
const SLUG_PARAMS = new Set(["slug", "categorySlug"]);

/** A path for the call with a well-formed value for each parameter, so only the body is wrong. */
const pathOf = (call: Endpoint) =>
  buildPath(
    call.path,
    new Proxy(
      {},
      {
        get: (_, name: string) =>
          NUMERIC_PARAMS.has(name) ? 1 : SLUG_PARAMS.has(name) ? "cadernos" : "00000000-0000-4000-8000-000000000000",
      },
    ) as never,
  );

/** The call alone behind its own validated middleware, with a handler that records being reached. */
function callBehindValidation(call: Endpoint) {
  const reached: string[] = [];
  const app = new Hono()
    .on(...at(call), validated(call), (c) => {
      reached.push(nameOf(call));
      return c.body(null, 204);
    })
    .onError((error, c) => {
      if (error instanceof ApiError) return c.json(errorBody(error.message), error.status);
      throw error;
    });
  return { app, reached };
}

describe("validation where the route is declared", () => {
  it("every call with path parameters, a query or a body validates them in its route's middleware", () => {
    // Building the routes reads no dependency: nothing is called.
    createStoreApi({} as ApiDeps);
    const skipped = withInput.filter((call) => !validatedEndpoints.has(call)).map(nameOf);
    expect(skipped).toEqual([]);
    expect(withBody.length).toBeGreaterThan(40);
  });

  it.each(withBody.map((call) => [nameOf(call), call] as const))(
    "%s: a body its contract refuses answers 400 before the handler",
    async (_name, call) => {
      const { app, reached } = callBehindValidation({ ...call, params: undefined, query: undefined });
      const response = await app.request(pathOf(call), {
        method: call.method,
        headers: { "content-type": "application/json" },
        body: "[]",
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(errorBody(INPUT_MESSAGES.notAnObject));
      expect(reached).toEqual([]);
    },
  );

  it("in the served API, a refused body reaches neither a handler nor the database", async () => {
    // Deps that fail on any use: a call that touched the database would answer 500. Without a
    // token, a call for customers or staff answers 401 first (the check before validation).
    const deps = new Proxy({} as ApiDeps, {
      get: (_, name) => {
        throw new Error(`deps.${String(name)} read`);
      },
    });
    const api = createStoreApi(deps);
    // Their rate limit counts the attempt before reading it (api/rate-limit.ts): deps are used.
    const limited = new Set(["/accounts/auth-customer", "/customers/create-customer", "/customers/reset-password"]);
    limited
      .add("/customers/reset-password/:token")
      .add("/newsletters/create-newsletter")
      .add("/stock-alerts/create-stock-alert")
      .add("/waiting-list/join-waiting-list");
    const answers = new Map<string, string>();
    for (const call of withBody.filter((candidate) => !limited.has(candidate.path))) {
      const response = await api.request(pathOf(call), {
        method: call.method,
        headers: { "content-type": "application/json", [GUEST_CART_KEY_HEADER]: "a".repeat(43) },
        body: "[]",
      });
      const { error } = (await response.json()) as { error: { message: string } };
      answers.set(nameOf(call), `${response.status} ${error.message}`);
    }
    const refused = `400 ${INPUT_MESSAGES.notAnObject}`;
    const unauthorised = [...answers.values()].filter((answer) => answer.startsWith("401 "));
    expect([...answers.values()].filter((answer) => answer !== refused && !answer.startsWith("401 "))).toEqual([]);
    // Both kinds happened: the public calls were refused by their schema, the others by their guard.
    expect(unauthorised.length).toBeGreaterThan(0);
    expect(answers.size - unauthorised.length).toBeGreaterThan(5);
  });

  it("reads the body as the API always has: 415 for another type, before the schema", async () => {
    const call = withBody[0]!;
    const { app, reached } = callBehindValidation({ ...call, params: undefined, query: undefined });
    const response = await app.request(pathOf(call), {
      method: call.method,
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect(reached).toEqual([]);
  });
});
