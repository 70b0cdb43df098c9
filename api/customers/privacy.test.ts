import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETION_PASSWORD_REQUIRED, DELETION_PASSWORD_WRONG } from "#api/contract/privacy.ts";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import { bag, cartTables, demoItems, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { newCpf, randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { DELETED_STUDENT_NAME } from "./account-deletion.ts";

const FORBIDDEN = "Você não tem permissão para acessar estes dados.";
const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
/** A demo student with responsibles, linked by RA (db/seed). */
const ENROLLED_RA = "20250003";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;

beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
  items = await demoItems(t.db);
});
afterAll(() => t.close());

const exportPath = (customerId: string) => `/customers/export-customer-data/${customerId}/store/1`;
const deletePath = (customerId: string) => `/customers/delete-customer/${customerId}/store/1`;
const exportData = (customer: SignedUpCustomer, customerId = customer.id) =>
  t.call("GET", exportPath(customerId), undefined, { token: customer.token });
const deleteAccount = (customer: SignedUpCustomer, password: unknown, customerId = customer.id) =>
  t.call("POST", deletePath(customerId), { password }, { token: customer.token });
const customerRow = (id: string) => t.db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();

/** A student the customer brought to the store (no RA), with a responsible, as the new-student wizard leaves it. */
async function createOwnStudent(customer: SignedUpCustomer, nome: string): Promise<string> {
  const id = crypto.randomUUID();
  const cpf = newCpf();
  await t.db
    .insertInto("students")
    .values({
      id,
      store_id: 1,
      ra: null,
      nome,
      cpf,
      email: null,
      telefone1: null,
      dtnascimento: "2016-04-10",
      nacionalidade: "10",
      naturalidade: "Olinda",
      estadonatal: "PE",
      estadocivil: "S",
      sexo: "X",
      cep: "50030230",
      rua: "Rua da Aurora",
      numero: "325",
      complemento: null,
      bairro: "Boa Vista",
      cidade: "Recife",
      estado: "PE",
      pais: "Brasil",
      turno: null,
      created_at: "2026-03-01T10:00:00.000Z",
    })
    .execute();
  await t.db
    .insertInto("responsibles")
    .values({
      id: crypto.randomUUID(),
      student_id: id,
      nome: customer.payload.name,
      cpf: customer.cpf,
      email: customer.email,
      telefone1: "81998765432",
      parentesco: 7,
      cep: null,
      cidade: null,
      estado: null,
      bairro: null,
      rua: null,
      numero: null,
    })
    .execute();
  await t.db
    .insertInto("customer_students")
    .values({
      id: crypto.randomUUID(),
      customer_id: customer.id,
      student_id: id,
      created_at: "2026-03-01T10:00:00.000Z",
      deleted_at: null,
    })
    .execute();
  return id;
}

/** A customer with everything the store can keep: an enrolled and an own student, a cart, a card sale, the newsletter, a reset link. */
async function customerWithHistory(name: string) {
  const customer = await signUpAndLogIn(t, { name, complement: "Apto 303, Bloco C" });
  const enrolled = await linkByRA(t, customer, ENROLLED_RA);
  const ownStudentId = await createOwnStudent(customer, `${name.split(" ")[0]} Filho Pequeno`);
  const cart = await saveCart(t, customer, [bag(enrolled.studentId, [items.P[0]!.itemTOTVSId, 2])]);
  expect(cart.status).toBe(200);
  const saleId = await insertSale(t.db, {
    customer_id: customer.id,
    payment_method_code: "1",
    card_brand: "VISA",
    card_last4: "1111",
    bags: [
      {
        student_name: `${name.split(" ")[0]} Filho Pequeno`,
        items: [{ title: "Caderno Universitário", quantity: 3, unit_price_cents: 1590 }],
      },
    ],
  });
  await t.db.updateTable("sale_bags").set({ student_id: ownStudentId }).where("sale_id", "=", saleId).execute();
  // A declined card: an attempt, not an order, but data kept about the customer.
  const attemptId = await insertSale(t.db, {
    customer_id: customer.id,
    payment_method_code: "1",
    status: "declined",
    card_brand: "VISA",
    card_last4: "0002",
    bags: [
      { student_name: "Tentativa", items: [{ title: "Caderno Universitário", quantity: 1, unit_price_cents: 1590 }] },
    ],
  });
  expect((await t.call("POST", "/newsletters/create-newsletter", { storeId: 1, email: customer.email })).status).toBe(
    201,
  );
  const reset = await t.call(
    "POST",
    "/customers/reset-password",
    { email: customer.email, storeId: 1 },
    { address: randomAddress() },
  );
  expect(reset.status).toBe(200);
  return { customer, enrolled, ownStudentId, saleId, attemptId };
}

describe("GET /customers/export-customer-data/{customerId}/store/{storeId}", () => {
  it("answers everything kept about the customer and their students, uncached, and nothing of another customer or any secret", async () => {
    const ana = await customerWithHistory("Ana Beatriz Cavalcanti");
    const bruno = await customerWithHistory("Bruno Henrique Farias");

    const { status, body } = await exportData(ana.customer);
    expect(status).toBe(200);
    const data = body.customerData;
    expect(data.customer).toMatchObject({
      id: ana.customer.id,
      email: ana.customer.email,
      cpf: ana.customer.cpf,
      complement: "Apto 303, Bloco C",
    });
    expect(data.students.map((link: any) => link.student.RA).sort()).toEqual([ENROLLED_RA, null]);
    const enrolled = data.students.find((link: any) => link.student.RA === ENROLLED_RA);
    expect(enrolled.student.Responsibles.length).toBeGreaterThan(0);
    expect(data.studentLinks).toHaveLength(2);
    expect(data.carts).toHaveLength(1);
    expect(data.carts[0].bags[0]).toMatchObject({
      studentId: ana.enrolled.studentId,
      items: [{ itemTOTVSId: items.P[0]!.itemTOTVSId, title: items.P[0]!.title, quantity: 2 }],
    });
    expect(data.sales).toHaveLength(2);
    expect(data.sales.find((sale: any) => sale.id === ana.attemptId)).toMatchObject({
      status: "declined",
      cardLastDigits: "0002",
      saleBags: [{ studentName: "Tentativa" }],
    });
    data.sales = data.sales.filter((sale: any) => sale.id !== ana.attemptId);
    expect(data.sales[0]).toMatchObject({ id: ana.saleId, cardLastDigits: "1111", total: 47.7 });
    expect(data.sales[0].saleBags[0].items[0]).toMatchObject({ title: "Caderno Universitário", quantity: 3 });
    expect(data.newsletter).toMatchObject({ email: ana.customer.email });
    // The adult's consent given when linking by RA (LGPD art. 14), with its text version.
    expect(data.consents).toEqual([
      expect.objectContaining({
        studentId: ana.enrolled.studentId,
        purpose: "link-ra",
        textVersion: expect.any(String),
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.passwordResets).toHaveLength(1);

    const text = JSON.stringify(body);
    for (const other of [bruno.customer.email, bruno.customer.cpf, bruno.customer.id, bruno.saleId]) {
      expect(text).not.toContain(other);
    }
    const secrets = [
      ana.customer.token,
      ana.customer.password,
      (await customerRow(ana.customer.id))!.password_hash,
      ...(await t.db.selectFrom("customer_tokens").select("token_hash").execute()).map((row) => row.token_hash),
      ...(await t.db.selectFrom("password_resets").select("token_hash").execute()).map((row) => row.token_hash),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/argon2id|scrypt\$/);
  });

  it("sends Cache-Control: no-store", async () => {
    const customer = await signUpAndLogIn(t);
    const response = await t.api.request(exportPath(customer.id), {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses another customer's id (403) and a call without a token (401)", async () => {
    const [ana, bruno] = await Promise.all([signUpAndLogIn(t), signUpAndLogIn(t)]);
    const other = await exportData(ana, bruno.id);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(FORBIDDEN);
    const anonymous = await t.call("GET", exportPath(ana.id));
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /customers/delete-customer/{customerId}/store/{storeId}", () => {
  /** Every row that could hold the customer's data, to prove a refusal changed nothing. */
  const snapshot = async (customerId: string) => ({
    customer: await customerRow(customerId),
    carts: await cartTables(t.db),
    sales: await t.db.selectFrom("sales").selectAll().orderBy("id").execute(),
    saleBags: await t.db.selectFrom("sale_bags").selectAll().orderBy("id").execute(),
    newsletters: await t.db.selectFrom("newsletters").selectAll().orderBy("id").execute(),
    resets: await t.db.selectFrom("password_resets").selectAll().orderBy("id").execute(),
  });

  it("with a wrong or missing password says so and changes nothing; the session goes on", async () => {
    const { customer } = await customerWithHistory("Carla Regina Menezes");
    const before = await snapshot(customer.id);

    const wrong = await deleteAccount(customer, "senhaErrada1");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(DELETION_PASSWORD_WRONG);
    const missing = await t.call("POST", deletePath(customer.id), {}, { token: customer.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(DELETION_PASSWORD_REQUIRED);

    expect(await snapshot(customer.id)).toEqual(before);
    expect((await exportData(customer)).status).toBe(200);
  });

  it("refuses another customer's id (403) even with that customer's password, and leaves them alone", async () => {
    const [ana, bruno] = await Promise.all([signUpAndLogIn(t), signUpAndLogIn(t)]);
    const before = await customerRow(bruno.id);
    const refused = await deleteAccount(ana, bruno.password, bruno.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(FORBIDDEN);
    expect(await customerRow(bruno.id)).toEqual(before);
    expect((await exportData(bruno)).status).toBe(200);
  });

  it("limits password guesses through a stolen token", async () => {
    const customer = await signUpAndLogIn(t);
    for (let i = 0; i < 10; i++) expect((await deleteAccount(customer, `errada${i}`)).status).toBe(400);
    const limited = await deleteAccount(customer, customer.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(TOO_MANY_REQUESTS);
    expect((await customerRow(customer.id))!.deleted_at).toBeNull();
  });

  it("erases the personal data, keeps the sales anonymised, revokes every token and frees the e-mail and CPF", async () => {
    const ana = await customerWithHistory("Daniela Souza Albuquerque");
    const bruno = await customerWithHistory("Eduardo Lins Barbosa");
    const secondToken = (
      await t.call(
        "POST",
        "/accounts/auth-customer",
        { email: ana.customer.email, password: ana.customer.password, storeId: 1 },
        { address: randomAddress() },
      )
    ).body.auth.token;
    const brunoBefore = await exportData(bruno.customer);
    const mailTo = async (email: string) =>
      (await t.db.selectFrom("mail_outbox").select("id").where("recipient", "=", email).execute()).length;
    expect(await mailTo(ana.customer.email)).toBeGreaterThan(0);

    const deleted = await deleteAccount(ana.customer, ana.customer.password);
    expect(deleted.status).toBe(204);
    // Counters keyed by the e-mail (the logins above) go too.
    const limits = await t.db.selectFrom("rate_limits").select("key").execute();
    expect(limits.filter((limit) => limit.key.includes(ana.customer.email))).toEqual([]);

    // Every session ends, the one that asked too.
    for (const token of [ana.customer.token, secondToken]) {
      const after = await t.call("GET", exportPath(ana.customer.id), undefined, { token });
      expect(after.status).toBe(401);
      expect(after.body.error.message).toBe(SESSION_EXPIRED);
    }
    const login = await t.call(
      "POST",
      "/accounts/auth-customer",
      { email: ana.customer.email, password: ana.customer.password, storeId: 1 },
      { address: randomAddress() },
    );
    expect(login.status).toBe(401);

    // The row stays for the sales, with nothing of the person in it.
    const row = (await customerRow(ana.customer.id))!;
    expect(row.deleted_at).toBe("2026-03-02T12:00:00.000Z");
    const personal = [
      ana.customer.payload.name,
      ana.customer.email,
      ana.customer.cpf,
      "81998765432",
      "50030230",
      "Rua da Aurora",
      "Apto 303, Bloco C",
      "1987-09-23",
    ];
    const rowText = JSON.stringify(row);
    for (const value of personal) expect(rowText).not.toContain(value);
    expect(row.password_hash).not.toMatch(/^(\$argon2id\$|scrypt\$)/);

    const id = ana.customer.id;
    const countOf = async (table: "customer_students" | "carts" | "customer_tokens" | "password_resets") =>
      (await t.db.selectFrom(table).select("id").where("customer_id", "=", id).execute()).length;
    expect(await countOf("customer_students")).toBe(0);
    expect(await countOf("carts")).toBe(0);
    expect(await countOf("customer_tokens")).toBe(0);
    expect(await countOf("password_resets")).toBe(0);
    expect(
      await t.db.selectFrom("newsletters").select("id").where("email", "=", ana.customer.email).executeTakeFirst(),
    ).toBeUndefined();
    expect(await mailTo(ana.customer.email)).toBe(0);
    expect(await mailTo(bruno.customer.email)).toBeGreaterThan(0);

    // The student the customer created goes with the account; the school's enrolled student stays.
    expect(
      await t.db.selectFrom("students").select("id").where("id", "=", ana.ownStudentId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom("responsibles").select("id").where("student_id", "=", ana.ownStudentId).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom("students").select("id").where("ra", "=", ENROLLED_RA).executeTakeFirst(),
    ).toBeDefined();

    // The sale stays for accounting: amounts, dates and items, no name, RA, student or card digits.
    const sale = await t.db.selectFrom("sales").selectAll().where("id", "=", ana.saleId).executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ customer_id: id, total_cents: 4770, card_brand: "VISA", card_last4: null });
    const bags = await t.db.selectFrom("sale_bags").selectAll().where("sale_id", "=", ana.saleId).execute();
    expect(bags).toEqual([
      expect.objectContaining({
        student_name: DELETED_STUDENT_NAME,
        student_ra: null,
        student_id: null,
        total_cents: 4770,
      }),
    ]);
    const saleItems = await t.db
      .selectFrom("sale_bag_items")
      .selectAll()
      .where("sale_bag_id", "=", bags[0]!.id)
      .execute();
    expect(saleItems).toEqual([expect.objectContaining({ title: "Caderno Universitário", quantity: 3 })]);

    // Another customer's data is untouched.
    expect(await exportData(bruno.customer)).toEqual({
      ...brunoBefore,
      body: { customerData: { ...brunoBefore.body.customerData, generatedAt: expect.any(String) } },
    });

    // The e-mail and CPF can open a new account.
    const again = await t.call(
      "POST",
      "/customers/create-customer",
      { ...ana.customer.payload },
      { address: randomAddress() },
    );
    expect(again.status).toBe(201);
    expect(again.body.customer.id).not.toBe(id);
  });
});
