/**
 * Malformed input to every call of api/contract, starting from a well-formed call with a
 * live token (tests/fixtures/api-calls.ts): wrong types, null, arrays, huge and odd texts,
 * odd numbers, missing fields, bad escapes in the path. Whatever arrives, the API answers
 * below 500, in its error format, in Portuguese, and logs no stack trace.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { buildPath, contract, type Endpoint } from "#api/contract/index.ts";
import { contractCalls, newShopper, sendPlan, type CallPlan } from "#tests/fixtures/api-calls.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

/** Values put in place of each field of a well-formed body, and of the whole body. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -2147483649,
  2147483648,
  2 ** 53,
  1e21,
  1e308,
  "",
  " ",
  "x",
  "-1",
  "1e309",
  "😀👨‍👩‍👧‍👦",
  "\u202e\u200b\ufeffa",
  "\ud800",
  "a\u0000b",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "a".repeat(60_000),
  [],
  [null],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
];

/** Raw texts for a path parameter or a query value, as they travel in a URL. */
const BAD_SEGMENTS = [
  "%E0%A4%A",
  "%",
  "%ZZ",
  "%00",
  "%ED%A0%80",
  "-1",
  "0",
  "1.5",
  "1e309",
  "99999999999999999999",
  "2147483648",
  "%F0%9F%98%80",
  "..",
  "%2F",
  "%27%20or%201%3D1--",
  "null",
  "%20",
  "a".repeat(3000),
];

/** Whole bodies that are not JSON, or JSON too large or too deep. */
const BAD_TEXTS = ["{", "[1,", '"x', "não é json", '{"a":1}}', "\ufeff{}", "[".repeat(5000) + "]".repeat(5000)];

const STACK = /\bat .+:\d+|node_modules|TypeError|ReferenceError|SyntaxError|RangeError|SQLITE|syntax error|relation "/;
/** Zod's default texts, JavaScript's errors and HTTP's reason phrases: never a reply's message. */
const ENGLISH =
  /\b(invalid|expected|received|required|too (big|small|large)|unrecognized|must|cannot|error|bad request|not found|unauthorized|forbidden|unsupported|payload|undefined)\b/i;

/** Calls after which the same shopper cannot make the call again (other calls only get a new sample). */
const USES_UP = new Set<Endpoint>([
  contract.accounts.logoutCustomer,
  contract.accounts.updateCustomerPassword,
  contract.accounts.confirmResetPassword,
  contract.students.removeStudentLink,
  contract.carts.finishCart,
]);

let t: TestApi;
let warnings: MockInstance<typeof console.warn>;
let errors: MockInstance<typeof console.error>;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

type Reply = { status: number; body: any };

/** What is wrong with a reply, if anything. */
function problemOf(reply: Reply): string | null {
  const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
  if (reply.status >= 500) return `answered ${reply.status}: ${text.slice(0, 200)}`;
  if (STACK.test(text)) return `internal detail in the reply: ${text.slice(0, 200)}`;
  if (reply.status < 400) return null;
  const message: unknown = reply.body?.error?.message;
  if (typeof message !== "string") return `${reply.status} outside the error format: ${text.slice(0, 200)}`;
  if (!message.trim() || ENGLISH.test(message)) return `${reply.status} not in Portuguese: ${message}`;
  return null;
}

/** Every path into a JSON value: ["bags", 0, "cartItems", 0, "quantity"], … */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

/** A copy of `body` with the value at `path` replaced (or deleted, for `undefined`). */
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** The endpoint's path with one parameter as a raw, unencoded segment. */
function pathWith(declared: Endpoint, plan: CallPlan, param: string, raw: string): string {
  const marker = "__FUZZ__";
  return buildPath(declared.path, { ...plan.params, [param]: marker } as never, plan.query).replace(marker, raw);
}

/** The malformed variants of one well-formed call. */
function variantsOf(declared: Endpoint, plan: CallPlan) {
  const variants: { label: string; path?: string; body?: unknown; headers?: Record<string, string> }[] = [];
  for (const param of Object.keys(plan.params)) {
    for (const raw of BAD_SEGMENTS)
      variants.push({ label: `:${param} = ${raw.slice(0, 20)}`, path: pathWith(declared, plan, param, raw) });
  }
  for (const key of Object.keys(plan.query ?? {})) {
    const query = (value: string | undefined) => {
      const rest = Object.entries(plan.query!).filter(([other]) => other !== key);
      const search = rest.map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
      if (value !== undefined) search.push(`${key}=${value}`);
      return `${buildPath(declared.path, plan.params as never)}?${search.join("&")}`;
    };
    variants.push({ label: `?${key} missing`, path: query(undefined) });
    variants.push({ label: `?${key} twice`, path: `${query("a")}&${key}=b` });
    for (const raw of BAD_SEGMENTS) variants.push({ label: `?${key} = ${raw.slice(0, 20)}`, path: query(raw) });
  }
  if (declared.body) {
    for (const value of BAD_VALUES)
      variants.push({ label: `body = ${JSON.stringify(value).slice(0, 30)}`, body: JSON.stringify(value) });
    for (const text of BAD_TEXTS) variants.push({ label: `body text ${text.slice(0, 20)}`, body: text });
    variants.push({
      label: "body of 110 KB",
      body: JSON.stringify({ ...(plan.body as object), x: "a".repeat(110_000) }),
    });
    for (const path of pathsOf(plan.body)) {
      variants.push({
        label: `${path.join(".")} missing`,
        body: JSON.stringify(withValue(plan.body, path, undefined)),
      });
      for (const value of BAD_VALUES) {
        variants.push({
          label: `${path.join(".")} = ${JSON.stringify(value).slice(0, 30)}`,
          body: JSON.stringify(withValue(plan.body, path, value)),
        });
      }
    }
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      variants.push({
        label: `Content-Type "${type}"`,
        body: JSON.stringify(plan.body),
        headers: { "content-type": type },
      });
    }
  }
  for (const authorization of ["Bearer ", `Bearer ${"x".repeat(5000)}`, "Basic YTpi", "Bearer ../../etc"]) {
    variants.push({
      label: `Authorization ${authorization.slice(0, 20)}`,
      body: plan.body === undefined ? undefined : JSON.stringify(plan.body),
      headers: { authorization },
    });
  }
  return variants;
}

describe("the store API under malformed input", () => {
  it.each(contractCalls())("$name never answers 500 nor shows internals", async ({ endpoint, sample }) => {
    let shopper = await newShopper(t);
    let plan = sample(shopper);
    let variants = variantsOf(endpoint, plan);
    const problems: string[] = [];
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i]!;
      // The limits are tested elsewhere; here every request must reach the parsers.
      await t.db.deleteFrom("rate_limits").execute();
      const reply = await sendPlan(
        t,
        endpoint,
        { ...plan, body: variant.body ?? (variant.path ? plan.body : undefined) },
        { token: shopper.customer.token, path: variant.path, headers: variant.headers },
      ).catch((error: unknown) => ({ status: 599, body: String(error) }));
      const problem = problemOf(reply);
      if (problem) problems.push(`${variant.label}: ${problem}`);
      if (reply.status < 300 && endpoint.method !== "GET") {
        // A call that went through may have used the shopper up (a finished cart, a new
        // password): the next variants start again from a fresh one, so they reach as deep.
        if (USES_UP.has(endpoint)) shopper = await newShopper(t);
        plan = sample(shopper);
        variants = variantsOf(endpoint, plan);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    for (const [line] of warnings.mock.calls) expect(String(line)).not.toMatch(/\n/);
  });
});
