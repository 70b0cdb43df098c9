/**
 * What the store API checks before any call reads its input (api/app.ts, api/validation.ts)
 * and what every reply and error carries: JSON only, a size limit, no-store on personal
 * replies, and client errors logged as one line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStoreApi } from "./app.ts";
import type { ApiDeps } from "./deps.ts";
import { BODY_LIMIT_BYTES } from "./app.ts";
import { BODY_MESSAGES } from "./validation.ts";
import { gestorCatalogue } from "./contract/gestor/catalogue.ts";
import { gestorRoster } from "./contract/gestor/roster.ts";
import { newShopper } from "#tests/fixtures/api-calls.ts";
import { randomAddress, registrationPayload } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const count = async (table: "customers" | "newsletters" | "password_resets") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A raw request: the body as bytes, so no Content-Type is added unless given. */
function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.api.request(path, { method: "POST", headers: { "x-forwarded-for": randomAddress(), ...headers }, body });
}

describe("JSON only", () => {
  // What a form on another site can send without a CORS preflight.
  const crossSite = [
    { type: "text/plain", body: (json: string) => json },
    { type: "application/x-www-form-urlencoded", body: (json: string) => `${json}=` },
    { type: "multipart/form-data; boundary=x", body: (json: string) => json },
  ];

  it("answers 415 in Portuguese to sign-up, password reset and newsletter sent as a form, and writes nothing", async () => {
    const shopper = await newShopper(t);
    const calls = [
      ["/customers/create-customer", registrationPayload()],
      ["/customers/reset-password", { email: shopper.customer.email, storeId: 1 }],
      ["/newsletters/create-newsletter", { email: "vizinho@exemplo.com.br", storeId: 1 }],
    ] as const;
    const before = {
      customers: await count("customers"),
      newsletters: await count("newsletters"),
      mail: t.mail.length,
    };
    for (const [path, payload] of calls) {
      for (const { type, body } of crossSite) {
        const reply = await post(path, body(JSON.stringify(payload)), { "content-type": type });
        expect(reply.status, `${path} as ${type}`).toBe(415);
        expect(await reply.json()).toEqual({ error: { message: BODY_MESSAGES.notJsonType } });
      }
      // A body without any Content-Type is not read as JSON either.
      const untyped = await post(path, new TextEncoder().encode(JSON.stringify(payload)));
      expect(untyped.status, `${path} without a type`).toBe(415);
    }
    expect({
      customers: await count("customers"),
      newsletters: await count("newsletters"),
      mail: t.mail.length,
    }).toEqual(before);
    // The same payload as JSON goes through: the type was the only problem.
    const json = await post("/newsletters/create-newsletter", JSON.stringify(calls[2][1]), {
      "content-type": "application/json; charset=utf-8",
    });
    expect(json.status).toBe(201);
  });

  it("reads a call without a body, and without a type, as an empty one", async () => {
    const reply = await t.api.request("/products/list-product-by-category-slug/papelaria/store/1/visible/enabled", {
      method: "POST",
    });
    expect(reply.status).toBe(200);
  });
});

describe("the body limit", () => {
  it("refuses a declared body over 100 KB with 413 in Portuguese, unread", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const reply = await t.api.request("/customers/create-customer", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual({ error: { message: "A requisição é grande demais. O limite é de 100 KB." } });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body without a length at the limit: 100 MB are never read", async () => {
    const before = await count("customers");
    let sent = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const reply = await t.api.request("/customers/create-customer", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(reply.status).toBe(413);
    expect(sent).toBeLessThan(BODY_LIMIT_BYTES + 4 * chunk.length);
    expect(await count("customers")).toBe(before);
  });

  it("lets an upload call past 100 KB up to its own limit: a catalogue CSV 3 MB, a roster 16 MB", async () => {
    const declaring = (path: string, megabytes: number) =>
      t.api.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(megabytes * 1024 * 1024) },
        body: new ReadableStream<Uint8Array>({ pull: (controller) => controller.close() }),
        duplex: "half",
      } as RequestInit);
    const statuses = async (path: string) => [
      (await declaring(path, 2)).status,
      (await declaring(path, 10)).status,
      (await declaring(path, 20)).status,
    ];
    // Past the size check, the call without a session is the authorization's to refuse (401).
    expect(await statuses(gestorCatalogue.previewImport.path)).toEqual([401, 413, 413]);
    expect(await statuses(gestorRoster.previewImport.path)).toEqual([401, 401, 413]);
    // The refusal names the limit the sender went past, not the JSON calls' 100 KB.
    expect(await (await declaring(gestorCatalogue.previewImport.path, 10)).json()).toEqual({
      error: { message: "A requisição é grande demais. O limite é de 3 MB." },
    });
    expect(await (await declaring(gestorRoster.previewImport.path, 20)).json()).toEqual({
      error: { message: "A requisição é grande demais. O limite é de 16 MB." },
    });
  });

  it("reads a body just under the limit", async () => {
    const reply = await t.call("POST", "/customers/create-customer", {
      ...registrationPayload(),
      padding: "a".repeat(BODY_LIMIT_BYTES - 2_000),
    });
    expect(reply.status).toBe(201);
  });
});

describe("Cache-Control", () => {
  it("is no-store on every reply with personal data, and on errors", async () => {
    const shopper = await newShopper(t);
    const { id, token } = shopper.customer;
    const personal = [
      ["GET", `/customers/get-customer/${id}/store/1`],
      ["GET", `/students/list-students-by-customer/${id}/store/1`],
      ["GET", `/carts/list-cart-by-customer/${id}/store/1`],
      ["GET", `/sales/list-sale-by-customer-id/${id}/store/1`],
      ["GET", `/sale-bags/list-sale-bag-by-sale-id/${shopper.saleId}/store/1`],
      ["GET", `/sales/boleto/${shopper.saleId}/store/1`],
      ["GET", `/sale-bags/check-status-sale-bag/store/1/sale/${shopper.saleId}/saleBag/${shopper.saleBagId}`],
      ["GET", `/customers/get-customer/${crypto.randomUUID()}/store/1`],
      ["GET", "/nada/aqui"],
    ] as const;
    for (const [method, path] of personal) {
      const reply = await t.api.request(path, { method, headers: { authorization: `Bearer ${token}` } });
      expect(reply.headers.get("cache-control"), path).toBe("no-store");
    }
    const login = await t.api.request("/accounts/auth-customer", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomAddress() },
      body: JSON.stringify({ email: shopper.customer.email, password: shopper.customer.password, storeId: 1 }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves the catalogue's replies alone", async () => {
    for (const path of ["/categories/list-category-by-store-id/1", "/stores/list-store-by-store-id/1"]) {
      const reply = await t.api.request(path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get("cache-control"), path).toBeNull();
    }
  });
});

describe("the log", () => {
  it("writes one warning line for a client's mistake, without the secret in its path", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const shopper = await newShopper(t);
    const reply = await t.call("PUT", `/customers/reset-password/${shopper.resetToken}`, "{ não é json", {
      address: randomAddress(),
    });
    expect(reply.status).toBe(400);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const [line] = warn.mock.calls[0]!;
    expect(line).toBe(`[api] 400 PUT /customers/reset-password/:token: ${BODY_MESSAGES.notJson}`);
  });

  it("still logs the stack of a real failure, and answers 500 without it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = createStoreApi({
      ...({} as ApiDeps),
      db: {
        selectFrom() {
          throw new Error("conexão com o banco recusada");
        },
      } as unknown as ApiDeps["db"],
    });
    const reply = await broken.request("/stores/list-store-by-store-id/1");
    expect(reply.status).toBe(500);
    const text = await reply.text();
    expect(text).not.toContain("conexão");
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toBe("[api] erro inesperado em GET /stores/list-store-by-store-id/:storeId");
    expect((error.mock.calls[0]![1] as Error).stack).toContain("conexão com o banco recusada");
  });
});
