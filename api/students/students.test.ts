import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "#db/seed/index.ts";
import { bag, cartTables, demoItems, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { logIn, newCpf, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { RA_BY_CUSTOMER } from "./routes.ts";
import { ALREADY_LINKED, LINK_NOT_FOUND, RA_NOT_FOUND, STUDENT_NOT_FOUND } from "../contract/students.ts";

const FORBIDDEN = "Você não tem permissão para acessar estes dados.";

let t: TestApi;
let ana: SignedUpCustomer;
let bruno: SignedUpCustomer;
let items: Awaited<ReturnType<typeof demoItems>>;

beforeAll(async () => {
  t = await createTestApi();
  [ana, bruno] = await Promise.all([
    signUpAndLogIn(t, { name: "Ana Paula Cavalcanti" }),
    signUpAndLogIn(t, { name: "Bruno Henrique Lima" }),
  ]);
  items = await demoItems(t.db);
});
afterAll(() => t.close());

const as = (customer: SignedUpCustomer) => ({ token: customer.token });
const list = (customer: SignedUpCustomer, customerId = customer.id) =>
  t.call("GET", `/students/list-students-by-customer/${customerId}/store/1`, undefined, as(customer));
const addRA = (customer: SignedUpCustomer, RA: unknown, customerId = customer.id) =>
  t.call("POST", "/students/add-student-to-customer", { storeId: 1, customerId, RA }, as(customer));

export function newStudentPayload(customerId: string, overrides: Record<string, unknown> = {}) {
  return {
    storeId: 1,
    customerId,
    nome: "Joaquim Cavalcanti Neto",
    dtnascimento: "2016-04-10",
    nacionalidade: "99",
    estadonatal: "PE",
    naturalidade: "Olinda",
    estadocivil: "C",
    sexo: "M",
    cpf: newCpf(),
    cep: "50030-230",
    rua: "Rua da Aurora",
    numero: "325",
    complemento: "qualquer coisa",
    bairro: "Boa Vista",
    pais: "Argentina",
    estado: "PE",
    cidade: "Recife",
    email: "",
    telefone1: "",
    ...overrides,
  };
}

function responsiblePayload(clientId: string, studentId: string, overrides: Record<string, unknown> = {}) {
  return {
    storeId: 1,
    clientId,
    studentId,
    nome: "Carla Cavalcanti Souza",
    cpf: newCpf(),
    email: "carla.souza@exemplo.com.br",
    telefone1: "(81) 99876-1234",
    parentesco: 7,
    cep: "50030230",
    estado: "PE",
    cidade: "Recife",
    bairro: "Boa Vista",
    rua: "Rua da Aurora",
    numero: "325",
    ...overrides,
  };
}

describe("linking by RA", () => {
  it("links an enrolled student and lists it with school years, units and responsibles", async () => {
    const added = await addRA(ana, " 20250003 ");
    expect(added.status).toBe(201);
    expect(added.body.student).toMatchObject({ studentId: expect.any(String), student: { RA: "20250003" } });
    const { status, body } = await list(ana);
    expect(status).toBe(200);
    const link = body.students.find((s: any) => s.student.RA === "20250003");
    expect(link.id).toBe(added.body.student.id);
    expect(link.student).toMatchObject({
      nome: "Gabriel Cavalcanti Ferreira",
      turno: "Integral",
      schoolYears: [{ CODPERLET: `${new Date().getFullYear()}00`, CODCOLIGADA: "4", deletedAt: null }],
      Affiliates: [{ CODCOLIGADA: "4", name: "Colégio Saber Graças", id: "4" }],
      Responsibles: [{ nome: "Helena Cavalcanti Ferreira", parentesco: 9, cidade: "Recife" }],
    });
    expect(Object.keys(link.student).sort()).toEqual(
      [
        "id",
        "nome",
        "RA",
        "cpf",
        "email",
        "telefone1",
        "cep",
        "rua",
        "numero",
        "bairro",
        "cidade",
        "estado",
        "naturalidade",
        "estadonatal",
        "turno",
        "schoolYears",
        "Affiliates",
        "Responsibles",
      ].sort(),
    );
  });

  it("answers clear messages for an unknown RA, an RA already linked and an empty RA", async () => {
    expect((await addRA(ana, "99999999")).body).toEqual({ error: { message: RA_NOT_FOUND } });
    expect((await addRA(ana, "99999999")).status).toBe(404);
    const again = await addRA(ana, "20250003");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY_LINKED);
    for (const RA of ["", "   ", undefined, 20250004]) {
      const reply = await addRA(ana, RA);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe("Informe o RA do estudante.");
    }
  });

  it("links once on a double click", async () => {
    const customer = await signUpAndLogIn(t);
    const replies = await Promise.all([addRA(customer, "20250005"), addRA(customer, "20250005")]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const links = await t.db
      .selectFrom("customer_students")
      .selectAll()
      .where("customer_id", "=", customer.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it("limits RA attempts per customer", async () => {
    const customer = await signUpAndLogIn(t);
    const replies = [];
    for (let i = 0; i <= RA_BY_CUSTOMER.limit; i++) replies.push(await addRA(customer, `8888${i}`));
    expect(replies.slice(0, -1).every((r) => r.status === 404)).toBe(true);
    expect(replies.at(-1)!.status).toBe(429);
  });

  it("refuses another customer's id, a missing token and another store", async () => {
    expect((await addRA(bruno, "20250006", ana.id)).status).toBe(403);
    expect(
      (
        await t.call(
          "POST",
          "/students/add-student-to-customer",
          { storeId: 2, customerId: bruno.id, RA: "20250006" },
          as(bruno),
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.call("POST", "/students/add-student-to-customer", { storeId: 1, customerId: bruno.id, RA: "20250006" }))
        .status,
    ).toBe(401);
    const listedByAnother = await list(bruno, ana.id);
    expect(listedByAnother.status).toBe(403);
    expect(listedByAnother.body.error.message).toBe(FORBIDDEN);
  });
});

describe("the demo customer", () => {
  it("sees the two linked students", async () => {
    const token = await logIn(t, DEMO.customer.email, DEMO.customer.password);
    const customer = await t.db
      .selectFrom("customers")
      .select("id")
      .where("email", "=", DEMO.customer.email)
      .executeTakeFirstOrThrow();
    const { body } = await t.call("GET", `/students/list-students-by-customer/${customer.id}/store/1`, undefined, {
      token,
    });
    expect(body.students.map((s: any) => s.student.RA)).toEqual(DEMO.linkedRas);
  });
});

describe("creating a student and a responsible", () => {
  it("creates a student with the fixed defaults, linked to the customer", async () => {
    const { status, body } = await t.call(
      "POST",
      "/students/create-empty-student",
      newStudentPayload(ana.id, { email: "joaquim@exemplo.com.br", telefone1: "(81) 3333-4444" }),
      as(ana),
    );
    expect(status).toBe(201);
    expect(body.student).toMatchObject({
      nome: "Joaquim Cavalcanti Neto",
      RA: null,
      naturalidade: "Olinda",
      telefone1: "8133334444",
      linkId: expect.any(String),
    });
    const row = await t.db
      .selectFrom("students")
      .selectAll()
      .where("id", "=", body.student.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      nacionalidade: "10",
      estadocivil: "S",
      sexo: "X",
      pais: "Brasil",
      complemento: "Não informado",
      cep: "50030230",
    });
    const listed = (await list(ana)).body.students.map((s: any) => s.studentId);
    expect(listed).toContain(body.student.id);

    const responsible = await t.call(
      "POST",
      "/responsibles/create-responsible",
      responsiblePayload(ana.id, body.student.id),
      as(ana),
    );
    expect(responsible.status).toBe(200);
    expect(responsible.body.responsible).toMatchObject({
      nome: "Carla Cavalcanti Souza",
      parentesco: 7,
      telefone1: "81998761234",
    });
    const again = (await list(ana)).body.students.find((s: any) => s.studentId === body.student.id);
    expect(again.student.Responsibles).toHaveLength(1);
  });

  it("applies the student rules of spec §5", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cpf: "111.111.111-11" }, "CPF Inválida"],
      [{ nome: "Ana" }, "Nome deve ter entre 10 e 45 letras."],
      [{ nome: " Joaquim Cavalcanti" }, "O nome não pode começar com espaço ou hífen."],
      [{ dtnascimento: "2999-01-01" }, "A data de nascimento não pode ser no futuro."],
      [{ estadonatal: "" }, "Selecione o estado natal."],
      [{ naturalidade: "" }, "Selecione a cidade natal."],
      [{ naturalidade: "Campinas" }, "A cidade não pertence ao estado selecionado."],
      [{ cidade: "Campinas" }, "A cidade não pertence ao estado selecionado."],
      [{ cep: "5003" }, "CEP deve ter 8 dígitos."],
      [{ numero: "1" }, "Número deve ter de 2 a 6 dígitos."],
      [{ bairro: "" }, "Informe o bairro."],
      [{ email: "Joao@Exemplo" }, "Informe um e-mail válido em letras minúsculas."],
      [{ telefone1: "(81) 9999" }, "Telefone Incompleto"],
    ];
    const before = await cartTables(t.db);
    for (const [override, message] of cases) {
      const reply = await t.call(
        "POST",
        "/students/create-empty-student",
        newStudentPayload(ana.id, override),
        as(ana),
      );
      expect([reply.status, reply.body.error?.message]).toEqual([400, message]);
    }
    expect(await cartTables(t.db)).toEqual(before);
  });

  it("applies the responsible rules: e-mail and phone required, CPF Inválido", async () => {
    const { body } = await t.call("POST", "/students/create-empty-student", newStudentPayload(ana.id), as(ana));
    const cases: [Record<string, unknown>, string][] = [
      [{ cpf: "123.456.789-00" }, "CPF Inválido"],
      [{ email: "" }, "Informe o e-mail."],
      [{ telefone1: "" }, "Informe o telefone celular."],
      [{ telefone1: "(81) 9876-123" }, "Telefone Incompleto"],
      [{ parentesco: "" }, "Selecione o parentesco."],
    ];
    for (const [override, message] of cases) {
      const reply = await t.call(
        "POST",
        "/responsibles/create-responsible",
        responsiblePayload(ana.id, body.student.id, override),
        as(ana),
      );
      expect([reply.status, reply.body.error?.message]).toEqual([400, message]);
    }
  });

  it("refuses a responsible for a student not linked to the customer", async () => {
    const own = await t.call("POST", "/students/create-empty-student", newStudentPayload(ana.id), as(ana));
    const before = await cartTables(t.db);
    const other = await t.call(
      "POST",
      "/responsibles/create-responsible",
      responsiblePayload(bruno.id, own.body.student.id),
      as(bruno),
    );
    expect([other.status, other.body.error.message]).toEqual([404, STUDENT_NOT_FOUND]);
    const unknown = await t.call(
      "POST",
      "/responsibles/create-responsible",
      responsiblePayload(bruno.id, crypto.randomUUID()),
      as(bruno),
    );
    expect(unknown.status).toBe(404);
    const asOther = await t.call(
      "POST",
      "/responsibles/create-responsible",
      responsiblePayload(ana.id, own.body.student.id),
      as(bruno),
    );
    expect(asOther.status).toBe(403);
    const studentAsOther = await t.call("POST", "/students/create-empty-student", newStudentPayload(ana.id), as(bruno));
    expect(studentAsOther.status).toBe(403);
    expect(await cartTables(t.db)).toEqual(before);
  });
});

describe("removing a link", () => {
  it("soft-deletes the link, keeps the student and drops the student's bag from the cart", async () => {
    const customer = await signUpAndLogIn(t);
    const first = await linkByRA(t, customer, "20250001");
    const second = await linkByRA(t, customer, "20250002");
    const saved = await saveCart(t, customer, [
      bag(first.studentId, [items.P[0]!.itemTOTVSId, 2]),
      bag(second.studentId, [items.P[1]!.itemTOTVSId, 1]),
    ]);
    expect(saved.status).toBe(200);

    const path = `/students/soft-delete-link-student-to-customer/${first.id}/student/${first.studentId}/customer/${customer.id}/store/1`;
    const removed = await t.call("POST", path, undefined, as(customer));
    expect(removed.status).toBe(200);
    expect(removed.body.link).toMatchObject({
      id: first.id,
      studentId: first.studentId,
      deletedAt: expect.any(String),
    });
    expect((await list(customer)).body.students.map((s: any) => s.id)).toEqual([second.id]);
    const cart = await t.call("GET", `/carts/list-cart-by-customer/${customer.id}/store/1`, undefined, as(customer));
    expect(cart.body.cart.bags.map((b: any) => b.studentId)).toEqual([second.studentId]);
    expect(cart.body.cart.version).toBe(saved.body.cart.version + 1);
    expect(
      await t.db.selectFrom("students").select("id").where("id", "=", first.studentId).executeTakeFirst(),
    ).toBeDefined();

    expect((await t.call("POST", path, undefined, as(customer))).body.error.message).toBe(LINK_NOT_FOUND);
    // Linking again after a removal works.
    expect((await addRA(customer, "20250001")).status).toBe(201);
  });

  it("refuses another customer's link, and a link id with the wrong student", async () => {
    const link = (await list(ana)).body.students[0];
    const before = await cartTables(t.db);
    const asBruno = await t.call(
      "POST",
      `/students/soft-delete-link-student-to-customer/${link.id}/student/${link.studentId}/customer/${ana.id}/store/1`,
      undefined,
      as(bruno),
    );
    expect(asBruno.status).toBe(403);
    const ownPath = await t.call(
      "POST",
      `/students/soft-delete-link-student-to-customer/${link.id}/student/${link.studentId}/customer/${bruno.id}/store/1`,
      undefined,
      as(bruno),
    );
    expect([ownPath.status, ownPath.body.error.message]).toEqual([404, LINK_NOT_FOUND]);
    const wrongStudent = await t.call(
      "POST",
      `/students/soft-delete-link-student-to-customer/${link.id}/student/${crypto.randomUUID()}/customer/${ana.id}/store/1`,
      undefined,
      as(ana),
    );
    expect(wrongStudent.status).toBe(404);
    expect(await cartTables(t.db)).toEqual(before);
  });
});

describe("Sou Aluno", () => {
  it("creates the customer as a student once, from the customer's data", async () => {
    const customer = await signUpAndLogIn(t, { name: "Rafael Augusto Pinto" });
    const path = `/students/already-student/${customer.id}/store/1`;
    const first = await t.call("POST", path, undefined, as(customer));
    expect(first.status).toBe(200);
    expect(first.body.student.student).toMatchObject({
      nome: "Rafael Augusto Pinto",
      cpf: customer.cpf,
      RA: null,
      cidade: "Recife",
      estado: "PE",
    });
    const second = await t.call("POST", path, undefined, as(customer));
    expect(second.body.student.id).toBe(first.body.student.id);
    expect((await list(customer)).body.students).toHaveLength(1);
    expect((await t.call("POST", `/students/already-student/${customer.id}/store/1`, undefined, as(ana))).status).toBe(
      403,
    );
  });

  it("links the enrolled student who has the customer's CPF", async () => {
    const lucas = await t.db
      .selectFrom("students")
      .select(["id", "cpf"])
      .where("ra", "=", "20250001")
      .executeTakeFirstOrThrow();
    const cpf = lucas.cpf!;
    const customer = await signUpAndLogIn(t, {
      name: "Lucas Albuquerque Souza",
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    });
    const { body } = await t.call("POST", `/students/already-student/${customer.id}/store/1`, undefined, as(customer));
    expect(body.student).toMatchObject({ studentId: lucas.id, student: { RA: "20250001" } });
  });
});
