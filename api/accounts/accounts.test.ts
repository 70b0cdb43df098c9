import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes, scryptSync } from "node:crypto";
import { DEMO } from "#db/seed/index.ts";
import { randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { LOGIN_BY_ADDRESS, LOGIN_FAILURES_BY_ACCOUNT, LOGIN_FAILURES_BY_ADDRESS } from "./login.ts";
import { needsRehash } from "#db/passwords.ts";
import { hashSecret } from "./tokens.ts";

const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
const WRONG = "E-mail ou senha incorretos.";

let t: TestApi;
let maria: SignedUpCustomer;
const clock = new Date("2026-03-02T12:00:00Z");

beforeAll(async () => {
  t = await createTestApi({ now: clock });
  maria = await signUpAndLogIn(t, { name: "Maria das Dores Lima" });
});
afterAll(() => t.close());

const login = (body: unknown, address = randomAddress()) =>
  t.call("POST", "/accounts/auth-customer", body, { address });
const me = (customer: SignedUpCustomer, token: string) =>
  t.call("GET", `/customers/get-customer/${customer.id}/store/1`, undefined, { token });

describe("POST /accounts/auth-customer", () => {
  it("answers the token and the spec's customer fields", async () => {
    const { status, body } = await login({ email: maria.email, password: maria.password, storeId: 1 });
    expect(status).toBe(200);
    expect(body.auth.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.auth.customer).sort()).toEqual(
      [
        "avatar",
        "birthDate",
        "cellPhone",
        "city",
        "complement",
        "cpf",
        "email",
        "houseNumber",
        "id",
        "name",
        "neighborhood",
        "state",
        "street",
        "zipcode",
      ].sort(),
    );
    expect(body.auth.customer).toMatchObject({ email: maria.email, name: "Maria das Dores Lima", avatar: null });
    expect(JSON.stringify(body)).not.toMatch(/argon2|scrypt|password/i);
  });

  it("stores only the token's SHA-256, valid for 24 hours", async () => {
    const { body } = await login({ email: maria.email, password: maria.password, storeId: 1 });
    const rows = await t.db.selectFrom("customer_tokens").selectAll().where("customer_id", "=", maria.id).execute();
    expect(rows.some((row) => row.token_hash === body.auth.token)).toBe(false);
    const row = rows.find((r) => r.token_hash === hashSecret(body.auth.token));
    expect(row).toBeDefined();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(24 * 60 * 60_000);
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const { status } = await login({ email: ` ${maria.email.toUpperCase()} `, password: maria.password, storeId: 1 });
    expect(status).toBe(200);
  });

  it("logs the demo customer in", async () => {
    const { status, body } = await login({ email: DEMO.customer.email, password: DEMO.customer.password, storeId: 1 });
    expect(status).toBe(200);
    expect(body.auth.customer.name).toBe(DEMO.customer.name);
  });

  it("gives one message for a wrong password and for an unknown e-mail", async () => {
    const wrong = await login({ email: maria.email, password: "outrasenha", storeId: 1 });
    const unknown = await login({ email: "ninguem@exemplo.com.br", password: "outrasenha", storeId: 1 });
    const otherStore = await login({ email: maria.email, password: maria.password, storeId: 2 });
    for (const reply of [wrong, unknown, otherStore]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: { message: WRONG } });
    }
  });

  it("answers 400 for missing fields, a bad store id and malformed JSON", async () => {
    for (const body of [{ email: "", password: "", storeId: 1 }, { storeId: 1 }, { email: maria.email, storeId: 1 }]) {
      const reply = await login(body);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe("Preencha as informações de login para prosseguir");
    }
    const badStore = await login({ email: maria.email, password: maria.password, storeId: "x" });
    expect(badStore.body.error.message).toBe("Identificador de loja inválido.");
    const badJson = await login("{email:");
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.message).toBe("O corpo da requisição não é um JSON válido.");
  });
});

describe("failed logins slow down without locking the owner out", () => {
  const wrong = (email: string, address: string) => login({ email, password: "nao-e-esta-9", storeId: 1 }, address);
  const right = (customer: SignedUpCustomer, address: string) =>
    login({ email: customer.email, password: customer.password, storeId: 1 }, address);
  const waitMessage = (minutes: number) =>
    `Muitas tentativas de login sem sucesso. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;

  it("11 failures from one address do not keep the owner out from another address", async () => {
    const victim = await signUpAndLogIn(t);
    const attacker = randomAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await wrong(victim.email, attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
    expect((await right(victim, randomAddress())).status).toBe(200);
  });

  it("makes the account+address pair wait longer after each further failure, even for the right password", async () => {
    const owner = await signUpAndLogIn(t);
    const address = randomAddress();
    for (let i = 0; i < 5; i++) expect((await wrong(owner.email, address)).status).toBe(401);
    const first = await right(owner, address);
    expect(first).toEqual({ status: 429, body: { error: { message: waitMessage(1) } } });

    t.setNow(new Date(clock.getTime() + 61_000));
    expect((await wrong(owner.email, address)).status).toBe(401);
    expect((await right(owner, address)).body.error.message).toBe(waitMessage(2));

    t.setNow(new Date(clock.getTime() + 61_000 + 121_000));
    expect((await right(owner, address)).status).toBe(200);
    // The right password clears the pair: the next mistake is free again.
    expect((await wrong(owner.email, address)).status).toBe(401);
    t.setNow(clock);
  });

  it("counts concurrent failures of one pair: only the free ones reach the password check", async () => {
    const owner = await signUpAndLogIn(t);
    const address = randomAddress();
    const replies = await Promise.all(Array.from({ length: 10 }, () => wrong(owner.email, address)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it("delays an unknown e-mail like a known one, so the delay tells nothing", async () => {
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await wrong("ninguem.mesmo@exemplo.com.br", address)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("refuses an account everywhere after 100 failures in an hour (ASVS), and not before", async () => {
    // Signed up and logged in: the account's counter exists, at 0 (a right password gives its unit back).
    const owner = await signUpAndLogIn(t);
    const key = `${LOGIN_FAILURES_BY_ACCOUNT.name}:1:${owner.email}`;
    await t.db
      .updateTable("rate_limits")
      .set({ window_started_at: clock.getTime(), hits: 99 })
      .where("key", "=", key)
      .execute();
    // A right password does not count: the 99 stay 99.
    expect((await right(owner, randomAddress())).status).toBe(200);
    expect((await wrong(owner.email, randomAddress())).status).toBe(401);
    const refused = await right(owner, randomAddress());
    expect(refused).toEqual({ status: 429, body: { error: { message: waitMessage(60) } } });
    t.setNow(new Date(clock.getTime() + 60 * 60_000));
    expect((await right(owner, randomAddress())).status).toBe(200);
    t.setNow(clock);
  });

  it("lets a parent in from an address that hundreds of others share", async () => {
    const parent = await signUpAndLogIn(t);
    const school = randomAddress();
    await t.db
      .insertInto("rate_limits")
      .values([
        { key: `${LOGIN_FAILURES_BY_ADDRESS.name}:${school}`, window_started_at: clock.getTime(), hits: 250 },
        { key: `${LOGIN_BY_ADDRESS.name}:${school}`, window_started_at: clock.getTime(), hits: 100 },
      ])
      .execute();
    expect((await right(parent, school)).status).toBe(200);
  });

  it("rewrites a scrypt hash of decision 0014 as Argon2id at the next login", async () => {
    const owner = await signUpAndLogIn(t);
    const salt = randomBytes(16);
    const key = scryptSync(owner.password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    await t.db.updateTable("customers").set({ password_hash: old }).where("id", "=", owner.id).execute();

    expect((await right(owner, randomAddress())).status).toBe(200);
    const stored = await t.db
      .selectFrom("customers")
      .select("password_hash")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(old);
    expect(needsRehash(stored.password_hash)).toBe(false);
    expect((await right(owner, randomAddress())).status).toBe(200);
    expect((await wrong(owner.email, randomAddress())).status).toBe(401);
  });
});

describe("bearer tokens", () => {
  it("answers 401 without a token, with a tampered one and with a malformed header", async () => {
    const token = maria.token;
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${tampered}` },
      { authorization: token },
      { authorization: "Bearer " },
    ];
    for (const headers of attempts) {
      const reply = await t.call("GET", `/customers/get-customer/${maria.id}/store/1`, undefined, { headers });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: { message: SESSION_EXPIRED } });
    }
  });

  it("expires 24 hours after login", async () => {
    const started = new Date("2026-03-03T08:00:00Z");
    t.setNow(started);
    const { body } = await login({ email: maria.email, password: maria.password, storeId: 1 });
    t.setNow(new Date(started.getTime() + 24 * 60 * 60_000 - 1_000));
    expect((await me(maria, body.auth.token)).status).toBe(200);
    t.setNow(new Date(started.getTime() + 24 * 60 * 60_000));
    const expired = await me(maria, body.auth.token);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe(SESSION_EXPIRED);
    t.setNow(clock);
  });
});

describe("POST /accounts/logout-customer", () => {
  it("revokes only that token", async () => {
    const other = (await login({ email: maria.email, password: maria.password, storeId: 1 })).body.auth.token;
    const token = (await login({ email: maria.email, password: maria.password, storeId: 1 })).body.auth.token;
    const out = await t.call("POST", "/accounts/logout-customer", undefined, { token });
    expect(out.status).toBe(204);
    expect(out.body).toBe("");
    expect((await me(maria, token)).status).toBe(401);
    expect((await me(maria, other)).status).toBe(200);
    const again = await t.call("POST", "/accounts/logout-customer", undefined, { token });
    expect(again.status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    expect((await t.call("POST", "/accounts/logout-customer")).status).toBe(401);
  });
});
