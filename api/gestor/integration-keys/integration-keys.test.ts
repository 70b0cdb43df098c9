import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoint } from "#api/contract/endpoint.ts";
import type { ApiDeps } from "#api/deps.ts";
import { handleApiError } from "#api/errors.ts";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { ROLE_REFUSED, STAFF_SESSION_EXPIRED } from "../staff/require-staff.ts";
import {
  assertKeyStore,
  KEY_CALLS,
  KEY_FAILURES,
  KEY_REFUSED,
  OTHER_STORE,
  requireStaffOrKey,
  SCOPE_REFUSED,
  type SyncEnv,
} from "./require-staff-or-key.ts";

const { t, admin, atendimento: attendant } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });

const as = (person: { token: string }) => ({
  get: (path: string) => t.call("GET", path, undefined, { token: person.token }),
  post: (path: string, body?: unknown) => t.call("POST", path, body, { token: person.token }),
});
const newKey = async (label: string, scopes: string[] = ["roster", "grades"]) => {
  const { status, body } = await as(admin).post("/gestor/integration-keys", { storeId: 1, label, scopes });
  expect(status).toBe(200);
  return body as { key: { id: string; hint: string }; secret: string };
};

describe("Integrações: the keys an admin creates", () => {
  it("creates a key whose secret appears once: the list, the database and the log keep only its hint", async () => {
    const { key, secret } = await newKey("TOTVS RM, carga noturna", ["roster"]);
    expect(secret).toMatch(/^lei_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      label: "TOTVS RM, carga noturna",
      hint: secret.slice(-4),
      scopes: ["roster"],
      createdBy: admin.email,
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await as(admin).get("/gestor/integration-keys?storeId=1");
    expect(list.status).toBe(200);
    expect(list.body.keys.find((listed: { id: string }) => listed.id === key.id)).toEqual(key);
    const everything = JSON.stringify([
      list.body,
      await t.db.selectFrom("integration_keys").selectAll().execute(),
      await t.db.selectFrom("audit_log").selectAll().execute(),
    ]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice(4));
    const entry = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "integration-key.create")
      .where("target_id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect([entry.actor_label, entry.summary]).toEqual([
      admin.email,
      `Criou a chave de integração "TOTVS RM, carga noturna" (…${key.hint})`,
    ]);
  });

  it("refuses a key without a name or without a scope, in Portuguese, writing nothing", async () => {
    const count = async () => (await t.db.selectFrom("integration_keys").select("id").execute()).length;
    const before = await count();
    const nameless = await as(admin).post("/gestor/integration-keys", { storeId: 1, label: " ", scopes: ["roster"] });
    expect([nameless.status, nameless.body.error.message]).toEqual([
      400,
      "Dê um nome à chave, com pelo menos 3 letras.",
    ]);
    const scopeless = await as(admin).post("/gestor/integration-keys", { storeId: 1, label: "ERP", scopes: [] });
    expect([scopeless.status, scopeless.body.error.message]).toEqual([400, "Escolha o que a chave pode atualizar."]);
    const unknown = await as(admin).post("/gestor/integration-keys", { storeId: 1, label: "ERP", scopes: ["team"] });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("is for admins only: atendimento gets 403, a customer's token and no token 401", async () => {
    expect((await as(attendant).get("/gestor/integration-keys?storeId=1")).body.error.message).toBe(ROLE_REFUSED);
    const refused = await as(attendant).post("/gestor/integration-keys", {
      storeId: 1,
      label: "ERP",
      scopes: ["roster"],
    });
    expect([refused.status, refused.body.error.message]).toEqual([403, ROLE_REFUSED]);
    const { token } = await signUpAndLogIn(t);
    const customer = await as({ token }).get("/gestor/integration-keys?storeId=1");
    expect([customer.status, customer.body.error.message]).toEqual([401, STAFF_SESSION_EXPIRED]);
    expect((await t.call("GET", "/gestor/integration-keys?storeId=1")).status).toBe(401);
  });

  it("revokes a key once, audited; revoking again changes nothing; an unknown key is 404", async () => {
    const { key } = await newKey("Chave a revogar");
    const first = await as(admin).post(`/gestor/integration-keys/${key.id}/revoke`);
    expect(first.status).toBe(200);
    expect(first.body.key).toMatchObject({ revokedBy: admin.email });
    const again = await as(admin).post(`/gestor/integration-keys/${key.id}/revoke`);
    expect(again.body.key.revokedAt).toBe(first.body.key.revokedAt);
    const entries = await t.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "integration-key.revoke")
      .where("target_id", "=", key.id)
      .execute();
    expect(entries).toEqual([{ summary: `Revogou a chave de integração "Chave a revogar" (…${key.hint})` }]);
    const missing = await as(admin).post(`/gestor/integration-keys/${crypto.randomUUID()}/revoke`);
    expect([missing.status, missing.body.error.message]).toEqual([404, "Chave de integração não encontrada."]);
    expect((await as(admin).post("/gestor/integration-keys/nao-e-id/revoke")).status).toBe(404);
  });
});

describe("requireStaffOrKey: the guard of the calls the school's ERP makes", () => {
  // A call of the roster's scope, as the sync's PUTs declare theirs; the handler answers who acted.
  const probe = endpoint({ method: "PUT", path: "/probe", reply: null, integrationKey: "roster" });
  let app: Hono<SyncEnv>;
  beforeAll(() => {
    const deps = { db: t.db, now: () => new Date() } as ApiDeps;
    app = new Hono<SyncEnv>();
    app.onError(handleApiError);
    app.put("/probe", requireStaffOrKey(deps, probe, { roles: ["admin"] }), (c) => {
      assertKeyStore(c.get("keyStoreId"), Number(c.req.query("storeId") ?? 1));
      const actor = c.get("actor");
      return c.json({ actor: actor.kind === "integration" ? actor.label : actor.kind });
    });
  });
  const put = async (authorization: string | undefined, { address = "203.0.113.7", storeId = 1 } = {}) => {
    const response = await app.request(`/probe?storeId=${storeId}`, {
      method: "PUT",
      headers: { "x-forwarded-for": address, ...(authorization ? { authorization } : {}) },
    });
    return { status: response.status, body: (await response.json()) as any, headers: response.headers };
  };

  it("admits a live key of the call's scope, records when and from where it was used, and names it as the actor", async () => {
    const { key, secret } = await newKey("ERP da rede", ["roster"]);
    const { status, body } = await put(`Bearer ${secret}`, { address: "198.51.100.20" });
    expect([status, body]).toEqual([200, { actor: "ERP da rede" }]);
    const listed = (await as(admin).get("/gestor/integration-keys?storeId=1")).body.keys.find(
      (row: { id: string }) => row.id === key.id,
    );
    expect(listed).toMatchObject({ lastUsedAddress: "198.51.100.20" });
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("refuses a key of another scope (403), of another store (403), revoked or unknown (401)", async () => {
    const grades = await newKey("Só séries", ["grades"]);
    expect(await put(`Bearer ${grades.secret}`)).toMatchObject({
      status: 403,
      body: { error: { message: SCOPE_REFUSED } },
    });
    const roster = await newKey("Outra loja?", ["roster"]);
    expect(await put(`Bearer ${roster.secret}`, { storeId: 2 })).toMatchObject({
      status: 403,
      body: { error: { message: OTHER_STORE } },
    });
    await as(admin).post(`/gestor/integration-keys/${roster.key.id}/revoke`);
    const revoked = await put(`Bearer ${roster.secret}`, { address: "198.51.100.30" });
    expect([revoked.status, revoked.body.error.message]).toEqual([401, KEY_REFUSED]);
    expect(revoked.headers.get("www-authenticate")).toContain("Bearer");
    const unknown = await put(`Bearer lei_${"x".repeat(43)}`, { address: "198.51.100.30" });
    expect([unknown.status, unknown.body.error.message]).toEqual([401, KEY_REFUSED]);
  });

  it("takes an admin's session too, while atendimento, a customer and nobody are refused", async () => {
    expect(await put(`Bearer ${admin.token}`)).toEqual(
      expect.objectContaining({ status: 200, body: { actor: "staff" } }),
    );
    expect((await put(`Bearer ${attendant.token}`)).status).toBe(403);
    const { token } = await signUpAndLogIn(t);
    expect((await put(`Bearer ${token}`)).status).toBe(401);
    expect((await put(undefined)).status).toBe(401);
  });

  it("stops an address after 20 wrong keys in 15 minutes, without holding back other addresses", async () => {
    const address = "198.51.100.99";
    for (let attempt = 0; attempt < KEY_FAILURES.limit; attempt++)
      expect((await put(`Bearer lei_${"y".repeat(43)}`, { address })).status).toBe(401);
    const { secret } = await newKey("Chave certa", ["roster"]);
    const stopped = await put(`Bearer ${secret}`, { address });
    expect(stopped.status).toBe(429);
    expect((await put(`Bearer ${secret}`, { address: "198.51.100.100" })).status).toBe(200);
  });

  it("answers 429 with Retry-After once a key has made its calls of the minute", async () => {
    const { key, secret } = await newKey("Carga apressada", ["roster"]);
    await t.db
      .insertInto("rate_limits")
      .values({ key: `${KEY_CALLS.name}:${key.id}`, window_started_at: Date.now(), hits: KEY_CALLS.limit })
      .execute();
    const refused = await put(`Bearer ${secret}`);
    expect([refused.status, refused.body.error.message]).toEqual([429, TOO_MANY_REQUESTS]);
    expect(refused.headers.get("retry-after")).toBe("60");
  });

  it("is no session anywhere else: a key gets 401 from every other gestor call", async () => {
    const { secret } = await newKey("Chave curiosa");
    for (const path of ["/gestor/integration-keys?storeId=1", "/gestor/team", "/gestor/sales?storeId=1"])
      expect((await t.call("GET", path, undefined, { token: secret })).status).toBe(401);
  });
});
