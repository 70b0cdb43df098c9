import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitCsrfToken } from "./csrf.server.ts";
import {
  csrfMiddleware,
  currentCustomer,
  putShopper,
  requireAnonymous,
  requireCustomer,
} from "./request-context.server.ts";
import { requestLogFieldsContext, type RequestLogFields } from "./request-log-fields.server.ts";
import { SESSION_EXPIRED_PATH } from "./session-expiry.server.ts";
import { commitCustomerSession } from "./session.server.ts";

const customer = { id: "c1", name: "Mariana Albuquerque Souza", email: "demo@lojaescolar.com.br", avatar: null };
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-contexto-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

async function sessionCookie(expiresAt: number) {
  return cookieOf(await commitCustomerSession(new Request("http://loja.local/"), { token: "t", customer }, expiresAt));
}

/** What a middleware throws (a Response), or undefined when it lets the request through. */
async function thrownBy(run: () => unknown): Promise<Response | undefined> {
  try {
    await run();
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function csrfCheck(request: Request) {
  return thrownBy(() =>
    csrfMiddleware(
      { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as never,
      async () => new Response(),
    ),
  );
}

function post(url: string, fields: Record<string, string>, cookie = "") {
  return new Request(url, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("the CSRF check of every storefront POST (convention 7)", () => {
  it("refuses a form without its token, or with another visitor's, with 403", async () => {
    expect((await csrfCheck(post("http://loja.local/carrinho", { intent: "add" })))?.status).toBe(403);
    const [token] = await commitCsrfToken(new Request("http://loja.local/"));
    const [, otherCookie] = await commitCsrfToken(new Request("http://loja.local/"));
    expect((await csrfCheck(post("http://loja.local/carrinho", { csrf: token }, cookieOf(otherCookie!))))?.status).toBe(
      403,
    );
  });

  it("lets through a form with its token, a page load and the store API's JSON calls", async () => {
    const [token, cookie] = await commitCsrfToken(new Request("http://loja.local/"));
    expect(
      await csrfCheck(post("http://loja.local/conta.data", { csrf: token, intent: "profile" }, cookieOf(cookie!))),
    ).toBeUndefined();
    expect(await csrfCheck(new Request("http://loja.local/conta"))).toBeUndefined();
    const apiCall = new Request("http://loja.local/api/accounts/auth-customer", { method: "POST", body: "{}" });
    expect(await csrfCheck(apiCall)).toBeUndefined();
  });

  it("leaves the body for the action to read", async () => {
    const [token, cookie] = await commitCsrfToken(new Request("http://loja.local/"));
    const request = post("http://loja.local/carrinho", { csrf: token, intent: "add" }, cookieOf(cookie!));
    await csrfCheck(request);
    expect((await request.formData()).get("intent")).toBe("add");
  });
});

describe("the shopper in the request context", () => {
  async function contextFor(request: Request, logFields: RequestLogFields | null = null) {
    const context = new RouterContextProvider();
    context.set(requestLogFieldsContext, logFields);
    await putShopper(request, context);
    return context;
  }

  it("notes the logged-in customer's id for the request log, and nothing for a visitor", async () => {
    const cookie = await sessionCookie(Date.now() + 60_000);
    const customerLine: RequestLogFields = {};
    await contextFor(new Request("http://loja.local/conta", { headers: { cookie } }), customerLine);
    expect(customerLine).toEqual({ customerId: customer.id });
    const visitorLine: RequestLogFields = {};
    await contextFor(new Request("http://loja.local/conta"), visitorLine);
    expect(visitorLine).toEqual({});
  });

  it("holds the logged-in customer, and nobody for a visitor", async () => {
    const cookie = await sessionCookie(Date.now() + 60_000);
    const loggedIn = await contextFor(new Request("http://loja.local/conta", { headers: { cookie } }));
    expect(requireCustomer(loggedIn)).toEqual({ customer, token: "t" });
    expect(await thrownBy(() => requireAnonymous(loggedIn))).toMatchObject({ status: 302 });

    const visitor = await contextFor(new Request("http://loja.local/conta"));
    expect(currentCustomer(visitor)).toBeNull();
    const sentHome = await thrownBy(() => requireCustomer(visitor));
    expect(sentHome?.headers.get("location")).toBe("/");
  });

  it("sends a page load with an expired session to the expiry page, and posts on as a visitor (spec §4)", async () => {
    const cookie = await sessionCookie(Date.now() - 1);
    const pageLoad = await thrownBy(() => contextFor(new Request("http://loja.local/conta", { headers: { cookie } })));
    expect(pageLoad?.headers.get("location")).toBe(SESSION_EXPIRED_PATH);
    const posted = await contextFor(post("http://loja.local/carrinho", {}, cookie));
    expect(currentCustomer(posted)).toBeNull();
    // The expiry page itself clears the session: no loop.
    const expiryPage = await contextFor(
      new Request(`http://loja.local${SESSION_EXPIRED_PATH}`, { headers: { cookie } }),
    );
    expect(currentCustomer(expiryPage)).toBeNull();
  });
});
