import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { verifyPassword } from "#db/passwords.ts";
import { randomAddress, registrationPayload } from "#tests/fixtures/customers.ts";
import { WEAK_PASSWORD } from "#api/accounts/password-strength.ts";
import { rethrowUniqueViolation } from "./repository.ts";
import { SIGNUP_TAKEN_BY_ADDRESS } from "./service.ts";
import { SIGNUP_BY_ADDRESS } from "./routes.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
});
afterAll(() => t.close());

const create = (body: unknown, address = randomAddress()) =>
  t.call("POST", "/customers/create-customer", body, { address });

describe("POST /customers/create-customer", () => {
  it("creates the customer from the spec's payload, storing digits and an Argon2id hash", async () => {
    const payload = registrationPayload({
      city: "jaboatao dos guararapes",
      state: "pe",
      houseNumber: 12 as never,
      complement: "  Apto 101,   Bloco B ",
    });
    const { status, body } = await create(payload);
    expect(status).toBe(201);
    expect(body.customer).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: payload.name,
      email: payload.email,
      cellPhone: "81998765432",
      cpf: payload.cpf.replace(/\D/g, ""),
      birthDate: payload.birthDate,
      zipcode: "50030230",
      street: payload.street,
      houseNumber: "12",
      complement: "Apto 101, Bloco B",
      neighborhood: payload.neighborhood,
      city: "Jaboatão dos Guararapes",
      state: "PE",
      avatar: null,
    });
    const row = await t.db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", body.customer.id)
      .executeTakeFirstOrThrow();
    expect(row.store_id).toBe(1);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(payload.password, row.password_hash)).toBe(true);
  });

  it("refuses a second account with the same e-mail or CPF (409) and creates nothing", async () => {
    const first = registrationPayload();
    expect((await create(first)).status).toBe(201);
    const sameEmail = await create(registrationPayload({ email: first.email }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.message).toBe("Já existe uma conta com este e-mail.");
    const sameCpf = await create(registrationPayload({ cpf: first.cpf.replace(/\D/g, "") }));
    expect(sameCpf.status).toBe(409);
    expect(sameCpf.body.error.message).toBe("Já existe uma conta com este CPF.");
    const rows = await t.db
      .selectFrom("customers")
      .select("id")
      .where("cpf", "=", first.cpf.replace(/\D/g, ""))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("answers 409, not 500, when two identical sign-ups race past the check", async () => {
    const payload = registrationPayload();
    const replies = await Promise.all([create(payload), create(payload), create(payload)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.error.message).toMatch(/^Já existe uma conta com este (e-mail|CPF)\.$/);
    }
  });

  it("maps the database's own unique violations to the same 409s", async () => {
    const { body } = await create(registrationPayload());
    const row = await t.db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", body.customer.id)
      .executeTakeFirstOrThrow();
    const insert = (changes: object) =>
      t.db
        .insertInto("customers")
        .values({ ...row, id: crypto.randomUUID(), ...changes })
        .execute()
        .catch(rethrowUniqueViolation);
    await expect(insert({ cpf: "00000000191" })).rejects.toMatchObject({
      status: 409,
      message: "Já existe uma conta com este e-mail.",
    });
    await expect(insert({ email: "outro@exemplo.com.br" })).rejects.toMatchObject({
      status: 409,
      message: "Já existe uma conta com este CPF.",
    });
    const primaryKey = insert({ id: row.id, email: "terceiro@exemplo.com.br", cpf: "00000000272" });
    // Any other unique key is no 409: the error goes on as the database raised it (SQLite's or PostgreSQL's words).
    await expect(primaryKey).rejects.toThrow(/UNIQUE constraint failed: customers\.id|customers_pkey/);
  });

  it.each([
    [{ name: "" }, "Informe o nome completo."],
    [{ name: "Ana Lima" }, "Nome deve ter entre 10 e 45 letras."],
    [{ name: "Ana Lima 3º da Silva" }, "Use apenas letras e espaços no nome."],
    [{ name: " Ana Lima da Silva" }, "O nome não pode começar com espaço ou hífen."],
    [{ email: "Maiuscula@exemplo.com" }, "Informe um e-mail válido em letras minúsculas."],
    [{ email: "a@b" }, "O e-mail deve ter entre 5 e 45 caracteres."],
    [{ password: "12345" }, "A senha deve ter entre 6 e 20 caracteres."],
    [{ cpf: "123.456.789-00" }, "CPF inválido"],
    [{ cellPhone: "(81) 9876-543" }, "Telefone incompleto"],
    [{ birthDate: "" }, "Informe a data de nascimento."],
    [{ birthDate: "2999-01-01" }, "A data de nascimento não pode ser no futuro."],
    [{ zipcode: "5003" }, "CEP deve ter 8 dígitos."],
    [{ state: "ZZ" }, "Selecione o estado."],
    [{ city: "" }, "Selecione a cidade."],
    [{ city: "Salvador" }, "A cidade não pertence ao estado selecionado."],
    [{ neighborhood: "" }, "Informe o bairro."],
    [{ street: "" }, "Informe a rua."],
    [{ houseNumber: "1" }, "Número deve ter de 2 a 6 dígitos."],
    [{ complement: "x".repeat(61) }, "Complemento muito longo: use até 60 caracteres."],
    [{ complement: 12 }, "Complemento muito longo: use até 60 caracteres."],
    [{ storeId: 0 }, "Identificador de loja inválido."],
  ])("answers 400 for %j: %s", async (override, message) => {
    const { status, body } = await create(registrationPayload(override as never));
    expect(status).toBe(400);
    expect(body).toEqual({ error: { message } });
  });

  it("answers 400 for missing fields and malformed JSON", async () => {
    const empty = await create({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Identificador de loja inválido.");
    const onlyStore = await create({ storeId: 1 });
    expect(onlyStore.body.error.message).toBe("Informe o nome completo.");
    const { password: _p, ...withoutPassword } = registrationPayload();
    expect((await create(withoutPassword)).body.error.message).toBe("Informe a senha.");
    const badJson = await create("{nome: ");
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.message).toBe("O corpo da requisição não é um JSON válido.");
  });

  it("answers 404 for an unknown store", async () => {
    const { status, body } = await create(registrationPayload({ storeId: 99 }));
    expect(status).toBe(404);
    expect(body.error.message).toBe("Loja não encontrada.");
  });

  it("limits sign-ups per address, generously: a school network's parents share one address", async () => {
    const address = randomAddress();
    for (let i = 0; i < SIGNUP_BY_ADDRESS.limit; i++) expect((await create({ storeId: 1 }, address)).status).toBe(400);
    expect(SIGNUP_BY_ADDRESS.limit).toBeGreaterThanOrEqual(60);
    const blocked = await create(registrationPayload(), address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(TOO_MANY_REQUESTS);
  });

  it("refuses common and easily guessed passwords, and creates nothing", async () => {
    for (const password of ["123456", "senha123", "12345678", "aaaaaaaa", "qwerty123"]) {
      const payload = registrationPayload({ password });
      const reply = await create(payload);
      expect(reply).toEqual({ status: 400, body: { error: { message: WEAK_PASSWORD } } });
      const rows = await t.db.selectFrom("customers").select("id").where("email", "=", payload.email).execute();
      expect(rows).toHaveLength(0);
    }
    // The person's own name or e-mail is as easy to guess.
    const byName = registrationPayload({ name: "Rosangela Barbosa Lima", password: "rosangela1" });
    expect((await create(byName)).body.error.message).toBe(WEAK_PASSWORD);
    const byEmail = registrationPayload({ email: "zuleide.prado@exemplo.com.br", password: "zuleideprado" });
    expect((await create(byEmail)).body.error.message).toBe(WEAK_PASSWORD);
  });

  it("tells whether an e-mail or CPF is taken only so often per address, then refuses every sign-up", async () => {
    const address = randomAddress();
    const taken = registrationPayload();
    expect((await create(taken, address)).status).toBe(201);
    for (let i = 0; i < SIGNUP_TAKEN_BY_ADDRESS.limit; i++) {
      expect((await create(registrationPayload({ email: taken.email }), address)).status).toBe(409);
    }
    // Used up: a taken e-mail and a free one get the same refusal, so it tells nothing.
    const again = await create(registrationPayload({ email: taken.email }), address);
    const fresh = await create(registrationPayload(), address);
    for (const reply of [again, fresh]) {
      expect(reply.status).toBe(429);
      expect(reply.body.error.message).toBe("Muitas tentativas em pouco tempo. Tente novamente em 60 minutos.");
    }
    // Other addresses and sign-ups that reveal nothing are not held back.
    expect((await create(registrationPayload(), randomAddress())).status).toBe(201);
  });
});
