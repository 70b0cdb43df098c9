import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#api/mail/mailer.ts";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { WEAK_PASSWORD } from "#api/accounts/password-strength.ts";
import { RESET_BY_ADDRESS } from "./routes.ts";
import { logIn, randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/fixtures/smtp-server.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

const REQUESTED = "Se o e-mail estiver cadastrado, enviaremos um link de recuperação.";
const INVALID = "Link de recuperação inválido.";
const EXPIRED = "Este link de recuperação expirou. Peça um novo.";
const USED = "Este link de recuperação já foi usado.";
const REPLACED = "Este link de recuperação foi substituído por um mais novo. Use o do último e-mail.";

const start = new Date("2026-03-02T12:00:00Z");
let t: TestApi;
let joana: SignedUpCustomer;

beforeAll(async () => {
  t = await createTestApi({ now: start });
  joana = await signUpAndLogIn(t, { name: "Joana Ferreira Campos" });
});
afterAll(() => t.close());

// Each test starts two minutes after the previous one: fresh rate-limit windows, same tokens.
let now = start;
beforeEach(() => {
  now = new Date(now.getTime() + 2 * 60_000);
  t.setNow(now);
});

const request = (email: string, address = randomAddress()) =>
  t.call("POST", "/customers/reset-password", { email, storeId: 1 }, { address });
const check = (token: string) =>
  t.call("GET", `/customers/reset-password/${token}`, undefined, { address: randomAddress() });
const confirm = (token: string, password: string, passwordConfirmation = password) =>
  t.call("PUT", `/customers/reset-password/${token}`, { password, passwordConfirmation }, { address: randomAddress() });
const linkIn = (text: string) => /\/resetar-senha\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";

/** Asks for a link for `email` and returns the token the e-mail carried. */
async function requestLink(email: string): Promise<string> {
  const before = t.mail.length;
  expect((await request(email)).status).toBe(200);
  expect(t.mail).toHaveLength(before + 1);
  return linkIn(t.mail.at(-1)!.text);
}

describe("POST /customers/reset-password", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const before = t.mail.length;
    const unknown = await request("ninguem.aqui@exemplo.com.br");
    expect(unknown).toEqual({ status: 200, body: { message: REQUESTED } });
    expect(t.mail).toHaveLength(before);

    const known = await request(joana.email.toUpperCase());
    expect(known).toEqual({ status: 200, body: { message: REQUESTED } });
    expect(t.mail).toHaveLength(before + 1);
    const message = t.mail.at(-1)!;
    expect(message.to).toBe(joana.email);
    expect(message.text).toContain(`${t.publicUrl}/resetar-senha/`);
    expect(message.text).toContain("O link vale por 1 hora.");
    expect(message.html).toContain(`${t.publicUrl}/resetar-senha/`);
    expect(linkIn(message.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("stores only the link's hash, valid for one hour", async () => {
    const token = await requestLink(joana.email);
    const rows = await t.db.selectFrom("password_resets").selectAll().where("customer_id", "=", joana.id).execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    const row = rows.at(-1)!;
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);
  });

  it("asks for at least 10 characters and a valid store", async () => {
    const short = await request("a@b.com");
    expect(short).toEqual({ status: 400, body: { error: { message: "Email incompleto" } } });
    const missing = await t.call("POST", "/customers/reset-password", { storeId: 1 }, { address: randomAddress() });
    expect(missing.body.error.message).toBe("Email incompleto");
    const noStore = await t.call(
      "POST",
      "/customers/reset-password",
      { email: joana.email },
      { address: randomAddress() },
    );
    expect(noStore.body.error.message).toBe("Identificador de loja inválido.");
    const badJson = await t.call("POST", "/customers/reset-password", "{", { address: randomAddress() });
    expect(badJson.status).toBe(400);
  });

  it("limits requests to 5 a minute per e-mail and, generously, per address", async () => {
    const target = "limite.email@exemplo.com.br";
    for (let i = 0; i < 5; i++) expect((await request(target)).status).toBe(200);
    const perEmail = await request(target);
    expect(perEmail).toEqual({ status: 429, body: { error: { message: TOO_MANY_REQUESTS } } });

    const address = randomAddress();
    expect(RESET_BY_ADDRESS.limit).toBeGreaterThanOrEqual(60);
    for (let i = 0; i < RESET_BY_ADDRESS.limit; i++)
      expect((await request(`pessoa${i}.limite@exemplo.com.br`, address)).status).toBe(200);
    expect((await request("mais.uma@exemplo.com.br", address)).status).toBe(429);
  });
});

describe("GET and PUT /customers/reset-password/{token}", () => {
  it("sets the new password once, ends every session, and the link is then used", async () => {
    const token = await requestLink(joana.email);
    const session = await logIn(t, joana.email, joana.password);
    expect(await check(token)).toEqual({ status: 200, body: { valid: true } });

    const mismatch = await confirm(token, "novasenha9", "novasenha8");
    expect(mismatch).toEqual({ status: 400, body: { error: { message: "Senhas não correspondem" } } });
    const short = await confirm(token, "123");
    expect(short.body.error.message).toBe("A senha deve ter entre 6 e 20 caracteres.");
    // Weak, and the link stays good: nothing was spent.
    expect(await confirm(token, "senha123")).toEqual({ status: 400, body: { error: { message: WEAK_PASSWORD } } });

    expect(await confirm(token, "novasenha9")).toEqual({
      status: 200,
      body: { message: "Senha redefinida com sucesso!" },
    });
    for (const old of [session, joana.token]) {
      const reply = await t.call("GET", `/customers/get-customer/${joana.id}/store/1`, undefined, { token: old });
      expect(reply.status).toBe(401);
    }
    const oldPassword = await t.call(
      "POST",
      "/accounts/auth-customer",
      { email: joana.email, password: joana.password, storeId: 1 },
      { address: randomAddress() },
    );
    expect(oldPassword.status).toBe(401);
    joana.password = "novasenha9";
    joana.token = await logIn(t, joana.email, joana.password);

    expect(await check(token)).toEqual({ status: 410, body: { error: { message: USED } } });
    expect(await confirm(token, "outrasenha1")).toEqual({ status: 410, body: { error: { message: USED } } });
    expect(await logIn(t, joana.email, "novasenha9")).toBeTruthy();
  });

  it("kills the customer's older links when one is used", async () => {
    const older = await requestLink(joana.email);
    const newer = await requestLink(joana.email);
    expect((await confirm(newer, "maisnova12")).status).toBe(200);
    joana.password = "maisnova12";
    expect((await confirm(older, "antiga1234")).status).toBe(410);
    expect(await logIn(t, joana.email, joana.password)).toBeTruthy();
  });

  it("a new link ends the earlier ones at once, saying a newer one was sent", async () => {
    const first = await requestLink(joana.email);
    t.setNow(new Date(now.getTime() + 1_000));
    const second = await requestLink(joana.email);
    const replaced = { status: 410, body: { error: { message: REPLACED } } };
    expect(await check(first)).toEqual(replaced);
    expect(await confirm(first, "primeira12")).toEqual(replaced);
    expect((await check(second)).status).toBe(200);
    // The earlier link changed nothing: the password is still the one Joana knows.
    expect(await logIn(t, joana.email, joana.password)).toBeTruthy();
  });

  it("says a link has expired after one hour, and changes nothing", async () => {
    const token = await requestLink(joana.email);
    t.setNow(new Date(now.getTime() + 60 * 60_000 - 1_000));
    expect((await check(token)).status).toBe(200);
    t.setNow(new Date(now.getTime() + 60 * 60_000));
    expect(await check(token)).toEqual({ status: 410, body: { error: { message: EXPIRED } } });
    expect(await confirm(token, "expirada12")).toEqual({ status: 410, body: { error: { message: EXPIRED } } });
    t.setNow(now);
    expect(await logIn(t, joana.email, joana.password)).toBeTruthy();
  });

  it("answers 404 for an unknown or tampered link", async () => {
    const token = await requestLink(joana.email);
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [tampered, "curto", "x".repeat(43), "%20"]) {
      expect(await check(bad)).toEqual({ status: 404, body: { error: { message: INVALID } } });
      expect((await confirm(bad, "qualquer12")).status).toBe(404);
    }
  });

  it("limits link checks to 30 a minute per address", async () => {
    const address = randomAddress();
    for (let i = 0; i < 30; i++) {
      expect((await t.call("GET", `/customers/reset-password/${"a".repeat(43)}`, undefined, { address })).status).toBe(
        404,
      );
    }
    const blocked = await t.call("PUT", `/customers/reset-password/${"a".repeat(43)}`, { password: "x" }, { address });
    expect(blocked).toEqual({ status: 429, body: { error: { message: TOO_MANY_REQUESTS } } });
  });

  it("spends a link only once when two requests race", async () => {
    const token = await requestLink(joana.email);
    const replies = await Promise.all([confirm(token, "Corrida.Azul1"), confirm(token, "Corrida.Verde2")]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 410]);
    joana.password = replies[0]!.status === 200 ? "Corrida.Azul1" : "Corrida.Verde2";
    expect(await logIn(t, joana.email, joana.password)).toBeTruthy();
  });
});

describe("the reset link by real e-mail (SMTP on 127.0.0.1)", () => {
  let smtp: TestSmtpServer;
  let api: TestApi;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApi({ mailer: createSmtpMailer(smtp.url) });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it("delivers a link that resets the password", async () => {
    const lia = await signUpAndLogIn(api, { name: "Lia Maria Barbosa Neto" });
    const reply = await api.call(
      "POST",
      "/customers/reset-password",
      { email: lia.email, storeId: 1 },
      { address: randomAddress() },
    );
    expect(reply.status).toBe(200);
    const received = await smtp.waitForMessage(1);
    expect(received.to).toEqual([lia.email]);
    const token = linkIn(received.source);
    expect(received.source).toContain(`${api.publicUrl}/resetar-senha/${token}`);
    const done = await api.call("PUT", `/customers/reset-password/${token}`, {
      password: "porsmtp123",
      passwordConfirmation: "porsmtp123",
    });
    expect(done.status).toBe(200);
    expect(await logIn(api, lia.email, "porsmtp123")).toBeTruthy();
  });
});
