import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { logIn, newCpf, randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { WEAK_PASSWORD } from "#api/accounts/password-strength.ts";
import { PROFILE_TAKEN_BY_ADDRESS, PROFILE_TAKEN_BY_CUSTOMER } from "./service.ts";

const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
const FORBIDDEN = "Você não tem permissão para acessar estes dados.";

let t: TestApi;
let ana: SignedUpCustomer;
let bruno: SignedUpCustomer;

beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
  ana = await signUpAndLogIn(t, { name: "Ana Beatriz Cavalcanti" });
  bruno = await signUpAndLogIn(t, { name: "Bruno Henrique Farias" });
});
afterAll(() => t.close());

const profile = {
  name: "Ana Beatriz Cavalcanti Lins",
  cellPhone: "(81) 98888-7777",
  zipcode: "51020-000",
  street: "Avenida Boa Viagem",
  houseNumber: 1500,
  neighborhood: "Boa Viagem",
  city: "Recife",
  state: "PE",
  birthDate: "1990-01-31",
  cpf: "",
};

const path = (kind: string, customer: { id: string }, storeId = 1) =>
  `/customers/${kind}/${customer.id}/store/${storeId}`;
const row = (customer: SignedUpCustomer) =>
  t.db.selectFrom("customers").selectAll().where("id", "=", customer.id).executeTakeFirstOrThrow();

describe("GET /customers/get-customer/{customerId}/store/{storeId}", () => {
  it("answers the customer's own data", async () => {
    const { status, body } = await t.call("GET", path("get-customer", ana), undefined, { token: ana.token });
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: ana.id, email: ana.email, cpf: ana.cpf, name: "Ana Beatriz Cavalcanti" });
    expect(body.customer).not.toHaveProperty("password_hash");
  });
});

describe("PUT /customers/update-customer/{customerId}/store/{storeId}", () => {
  it("updates the profile, storing digits, and answers the customer", async () => {
    const cpf = newCpf();
    const { status, body } = await t.call(
      "PUT",
      path("update-customer", ana),
      { ...profile, cpf },
      { token: ana.token },
    );
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({
      id: ana.id,
      email: ana.email,
      name: "Ana Beatriz Cavalcanti Lins",
      cellPhone: "81988887777",
      zipcode: "51020000",
      houseNumber: "1500",
      cpf,
    });
    expect((await row(ana)).cpf).toBe(cpf);
    ana.cpf = cpf;
  });

  it("stores the address complement, answers it and clears it when sent empty or left out", async () => {
    const send = (change: Record<string, unknown>) =>
      t.call("PUT", path("update-customer", ana), { ...profile, cpf: ana.cpf, ...change }, { token: ana.token });
    expect((await send({ complement: "Apto 1202, Torre Sul" })).body.customer.complement).toBe("Apto 1202, Torre Sul");
    expect((await row(ana)).complement).toBe("Apto 1202, Torre Sul");
    const got = await t.call("GET", path("get-customer", ana), undefined, { token: ana.token });
    expect(got.body.customer.complement).toBe("Apto 1202, Torre Sul");
    expect((await send({ complement: "   " })).body.customer.complement).toBe("");
    await send({ complement: "Casa 2" });
    expect((await send({})).body.customer.complement).toBe("");
    expect((await row(ana)).complement).toBe("");
  });

  it("keeps the customer's own CPF and refuses another customer's (409)", async () => {
    expect(
      (await t.call("PUT", path("update-customer", ana), { ...profile, cpf: ana.cpf }, { token: ana.token })).status,
    ).toBe(200);
    const clash = await t.call(
      "PUT",
      path("update-customer", ana),
      { ...profile, cpf: bruno.cpf },
      { token: ana.token },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe("Já existe uma conta com este CPF.");
    expect((await row(ana)).cpf).toBe(ana.cpf);
  });

  it("answers 400 with the rule's message and changes nothing", async () => {
    const before = await row(ana);
    for (const [change, message] of [
      [{ name: "Ana" }, "Nome deve ter entre 10 e 45 letras."],
      [{ cpf: "111.111.111-11" }, "CPF inválido"],
      [{ cellPhone: "8199" }, "Telefone incompleto"],
      [{ houseNumber: 1 }, "Número deve ter de 2 a 6 dígitos."],
      [{ complement: "Bloco ".repeat(11) }, "Complemento muito longo: use até 60 caracteres."],
      [{ city: "Campinas" }, "A cidade não pertence ao estado selecionado."],
    ] as const) {
      const reply = await t.call(
        "PUT",
        path("update-customer", ana),
        { ...profile, cpf: ana.cpf, ...change },
        { token: ana.token },
      );
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe(message);
    }
    expect((await t.call("PUT", path("update-customer", ana), "{", { token: ana.token })).status).toBe(400);
    expect(await row(ana)).toEqual(before);
  });
});

describe("answers that a CPF is taken, limited", () => {
  it("per account: after 5 an hour every profile update is refused alike", async () => {
    const diana = await signUpAndLogIn(t, { name: "Diana Carvalho Ramos" });
    const update = (cpf: string) =>
      t.call(
        "PUT",
        path("update-customer", diana),
        { ...profile, cpf },
        { token: diana.token, address: randomAddress() },
      );
    for (let i = 0; i < PROFILE_TAKEN_BY_CUSTOMER.limit; i++) expect((await update(bruno.cpf)).status).toBe(409);
    for (const cpf of [bruno.cpf, diana.cpf]) {
      const refused = await update(cpf);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe("Muitas tentativas em pouco tempo. Tente novamente em 60 minutos.");
    }
    expect((await row(diana)).name).toBe("Diana Carvalho Ramos");
  });

  it("per address: many accounts from one address cannot go on probing", async () => {
    const address = randomAddress();
    await t.db
      .insertInto("rate_limits")
      .values({
        key: `${PROFILE_TAKEN_BY_ADDRESS.name}:${address}`,
        window_started_at: Date.parse("2026-03-02T12:00:00Z"),
        hits: PROFILE_TAKEN_BY_ADDRESS.limit,
      })
      .execute();
    const probe = await t.call(
      "PUT",
      path("update-customer", ana),
      { ...profile, cpf: bruno.cpf },
      { token: ana.token, address },
    );
    expect(probe.status).toBe(429);
    expect((await row(ana)).cpf).toBe(ana.cpf);
  });
});

describe("two customers trying each other's ids", () => {
  it("answers 403 on get, update and password, and nothing changes", async () => {
    const before = await row(bruno);
    const attempts = [
      t.call("GET", path("get-customer", bruno), undefined, { token: ana.token }),
      t.call("PUT", path("update-customer", bruno), { ...profile, cpf: newCpf() }, { token: ana.token }),
      t.call(
        "PUT",
        path("update-customers-password", bruno),
        { currentPassword: bruno.password, newPassword: "invasor123", passwordConfirmation: "invasor123" },
        { token: ana.token },
      ),
      t.call("GET", path("get-customer", ana), undefined, { token: bruno.token }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: { message: FORBIDDEN } });
    }
    expect(await row(bruno)).toEqual(before);
    await logIn(t, bruno.email, bruno.password);
  });

  it("answers the same 403 for an id that does not exist, or another store", async () => {
    for (const route of [
      path("get-customer", { id: crypto.randomUUID() }),
      path("get-customer", { id: "x" }),
      path("get-customer", ana, 2),
    ]) {
      const reply = await t.call("GET", route, undefined, { token: ana.token });
      expect(reply.status).toBe(403);
      expect(reply.body.error.message).toBe(FORBIDDEN);
    }
  });

  it("answers 401 before 403 without a valid token", async () => {
    const reply = await t.call("PUT", path("update-customer", bruno), { ...profile, cpf: newCpf() });
    expect(reply.status).toBe(401);
    expect(reply.body.error.message).toBe(SESSION_EXPIRED);
  });
});

describe("PUT /customers/update-customers-password/{customerId}/store/{storeId}", () => {
  it("refuses a wrong current password (400) and a mismatched confirmation", async () => {
    const wrong = await t.call(
      "PUT",
      path("update-customers-password", bruno),
      { currentPassword: "naoeessa", newPassword: "novasenha1", passwordConfirmation: "novasenha1" },
      { token: bruno.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("Senha atual incorreta.");
    const mismatch = await t.call(
      "PUT",
      path("update-customers-password", bruno),
      { currentPassword: bruno.password, newPassword: "novasenha1", passwordConfirmation: "novasenha2" },
      { token: bruno.token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe("Senhas não correspondem");
    const short = await t.call(
      "PUT",
      path("update-customers-password", bruno),
      { currentPassword: bruno.password, newPassword: "abc", passwordConfirmation: "abc" },
      { token: bruno.token },
    );
    expect(short.body.error.message).toBe("A senha deve ter entre 6 e 20 caracteres.");
    for (const weak of ["123456", "bruno123"]) {
      const refused = await t.call(
        "PUT",
        path("update-customers-password", bruno),
        { currentPassword: bruno.password, newPassword: weak, passwordConfirmation: weak },
        { token: bruno.token },
      );
      expect(refused).toEqual({ status: 400, body: { error: { message: WEAK_PASSWORD } } });
    }
    expect(await logIn(t, bruno.email, bruno.password)).toBeTruthy();
  });

  it("changes the password, ends every session and answers a fresh token", async () => {
    const otherSession = await logIn(t, bruno.email, bruno.password);
    const { status, body } = await t.call(
      "PUT",
      path("update-customers-password", bruno),
      { currentPassword: bruno.password, newPassword: "novasenha1", passwordConfirmation: "novasenha1" },
      { token: bruno.token },
    );
    expect(status).toBe(200);
    expect(body.auth.customer.id).toBe(bruno.id);
    expect(body.auth.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const old of [bruno.token, otherSession]) {
      const reply = await t.call("GET", path("get-customer", bruno), undefined, { token: old });
      expect(reply.status).toBe(401);
      expect(reply.body.error.message).toBe(SESSION_EXPIRED);
    }
    expect((await t.call("GET", path("get-customer", bruno), undefined, { token: body.auth.token })).status).toBe(200);
    const oldPassword = await t.call(
      "POST",
      "/accounts/auth-customer",
      { email: bruno.email, password: bruno.password, storeId: 1 },
      { address: randomAddress() },
    );
    expect(oldPassword.status).toBe(401);
    bruno.password = "novasenha1";
    bruno.token = await logIn(t, bruno.email, bruno.password);
  });

  it("limits guesses of the current password per customer", async () => {
    const carla = await signUpAndLogIn(t, { name: "Carla Regina Monteiro" });
    const attempt = () =>
      t.call(
        "PUT",
        path("update-customers-password", carla),
        { currentPassword: "chute123", newPassword: "novasenha1", passwordConfirmation: "novasenha1" },
        { token: carla.token, address: randomAddress() },
      );
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(TOO_MANY_REQUESTS);
  });
});
