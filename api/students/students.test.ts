import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STUDENT_MESSAGES } from "#core/validation/student-fields.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { DEMO } from "#db/seed/index.ts";
import { bag, cartTables, demoItems, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { DEMO_BIRTH_DATES, demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { logIn, newCpf, randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { LINK_FAILURE_LIMITS } from "./link-attempts.ts";
import {
  ALREADY_LINKED,
  LINK_BLOCKED,
  LINK_NOT_FOUND,
  LINK_PROOF_MISMATCH,
  LINK_TOO_MANY_FAILURES,
  STUDENT_NOT_FOUND,
} from "../contract/students.ts";

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
/** Links by RA with the demo birth date of that RA (or the fields given) and the consent. */
const addRA = (
  customer: SignedUpCustomer,
  RA: unknown,
  { customerId = customer.id, address = "192.0.2.10", ...fields }: Record<string, unknown> = {},
) =>
  t.call(
    "POST",
    "/students/add-student-to-customer",
    {
      storeId: 1,
      customerId,
      RA,
      dtnascimento: typeof RA === "string" && DEMO_BIRTH_DATES[RA.trim()] ? demoBirthDate(RA.trim()) : "2015-01-01",
      consentVersion: STUDENT_CONSENT_VERSION,
      ...fields,
    },
    { ...as(customer), address: String(address) },
  );

/** Every CPF the demo seed gives a student or a responsible, as stored (digits). */
async function seededCpfs() {
  const [students, responsibles] = await Promise.all([
    t.db.selectFrom("students").select("cpf").where("ra", "is not", null).execute(),
    t.db.selectFrom("responsibles").select("cpf").execute(),
  ]);
  return [...students.map((row) => row.cpf!), ...responsibles.map((row) => row.cpf)];
}

const MASKED_CPF = /^\*\*\*\.\d{3}\.\d{3}-\*\*$/;

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
    consentVersion: STUDENT_CONSENT_VERSION,
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
  it("links an enrolled student by RA and birth date and lists it with school years, units and responsibles", async () => {
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
      schoolYears: [
        {
          CODPERLET: `${new Date().getFullYear()}00`,
          CODCOLIGADA: "4",
          deletedAt: null,
          codgrade: "EM01",
          CURSO: "Ensino Médio",
          HABILITACAO: "1ª Série",
          TURMA: "A",
          TURNO: "Integral",
        },
      ],
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

  it("answers each enrolment with its grade, class and shift, newest period first (issue 27)", async () => {
    const customer = await signUpAndLogIn(t);
    expect((await addRA(customer, "20250001")).status).toBe(201);
    const year = new Date().getFullYear();
    const student = await t.db
      .selectFrom("students")
      .select("id")
      .where("ra", "=", "20250001")
      .executeTakeFirstOrThrow();
    // Last year's enrolment (EF05: a grade of this year's list, not of last year's) and an ended one.
    await t.db
      .insertInto("student_school_years")
      .values([
        {
          id: crypto.randomUUID(),
          updated_at: null,
          student_id: student.id,
          codperlet: `${year - 1}00`,
          codcoligada: "1",
          codgrade: "EF05",
          turma: "A",
          turno: "Tarde",
          deleted_at: null,
        },
        {
          id: crypto.randomUUID(),
          updated_at: null,
          student_id: student.id,
          codperlet: `${year - 2}00`,
          codcoligada: "1",
          codgrade: "XX99",
          turma: null,
          turno: null,
          deleted_at: "2024-12-20T00:00:00.000Z",
        },
      ])
      .execute();
    try {
      const { body } = await list(customer);
      const years = body.students.find((link: any) => link.student.RA === "20250001").student.schoolYears;
      expect(years).toEqual([
        {
          CODPERLET: `${year}00`,
          CODCOLIGADA: "1",
          deletedAt: null,
          codgrade: "EF06",
          CURSO: "Ensino Fundamental II",
          HABILITACAO: "6º Ano",
          TURMA: "B",
          TURNO: "Manhã",
        },
        {
          CODPERLET: `${year - 1}00`,
          CODCOLIGADA: "1",
          deletedAt: null,
          codgrade: "EF05",
          CURSO: null,
          HABILITACAO: null,
          TURMA: "A",
          TURNO: "Tarde",
        },
        {
          CODPERLET: `${year - 2}00`,
          CODCOLIGADA: "1",
          deletedAt: "2024-12-20T00:00:00.000Z",
          codgrade: "XX99",
          CURSO: null,
          HABILITACAO: null,
          TURMA: null,
          TURNO: null,
        },
      ]);
    } finally {
      await t.db
        .deleteFrom("student_school_years")
        .where("student_id", "=", student.id)
        .where("codperlet", "<", `${year}00`)
        .execute();
    }
  });

  it("names a student's unit as the store's units say now, and an unknown code as the head office (spec §9)", async () => {
    const customer = await signUpAndLogIn(t);
    expect((await addRA(customer, "20250004")).status).toBe(201);
    const unitOf = async () =>
      (await list(customer)).body.students.find((s: any) => s.student.RA === "20250004").student.Affiliates;
    const olinda = () => t.db.updateTable("school_units").where("store_id", "=", 1).where("code", "=", "5");
    const kept = await t.db
      .selectFrom("school_units")
      .selectAll()
      .where("store_id", "=", 1)
      .where("code", "=", "5")
      .executeTakeFirstOrThrow();
    await olinda().set({ name: "Colégio Saber Olinda (Bairro Novo)" }).execute();
    try {
      expect(await unitOf()).toEqual([{ CODCOLIGADA: "5", name: "Colégio Saber Olinda (Bairro Novo)", id: "5" }]);
      await t.db.deleteFrom("school_units").where("store_id", "=", 1).where("code", "=", "5").execute();
      expect(await unitOf()).toEqual([{ CODCOLIGADA: "5", name: "Rede Saber Escolar - Sede Administrativa", id: "5" }]);
    } finally {
      await t.db.deleteFrom("school_units").where("store_id", "=", 1).where("code", "=", "5").execute();
      await t.db.insertInto("school_units").values(kept).execute();
    }
  });

  it("refuses a right RA with a wrong birth date exactly as an unknown RA, linking nothing", async () => {
    const customer = await signUpAndLogIn(t);
    const wrongDate = await addRA(customer, "20250004", { dtnascimento: "2012-05-10" });
    const unknownRa = await addRA(customer, "99999999", { dtnascimento: demoBirthDate("20250004") });
    for (const reply of [wrongDate, unknownRa]) {
      expect(reply.status).toBe(404);
      // Before a link exists the reply carries nothing of the student: no name, CPF, e-mail, phone or address.
      expect(reply.body).toEqual({ error: { message: LINK_PROOF_MISMATCH } });
    }
    expect((await list(customer)).body.students).toEqual([]);
    expect(
      await t.db.selectFrom("student_consents").select("id").where("customer_id", "=", customer.id).execute(),
    ).toEqual([]);
  });

  it("answers clear messages for an RA already linked, an empty RA, a missing birth date and no consent", async () => {
    const again = await addRA(ana, "20250003");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { message: ALREADY_LINKED } });
    for (const RA of ["", "   ", undefined, 20250004]) {
      const reply = await addRA(ana, RA);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe("Informe o RA do estudante.");
    }
    const customer = await signUpAndLogIn(t);
    for (const dtnascimento of [undefined, "", "10/05/2012", "2999-01-01"]) {
      const reply = await addRA(customer, "20250004", { dtnascimento });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toMatch(/data de nascimento/);
    }
    for (const consentVersion of [undefined, "", "0", true]) {
      const reply = await addRA(customer, "20250004", { consentVersion });
      expect([reply.status, reply.body.error.message]).toEqual([400, STUDENT_MESSAGES.consentRequired]);
    }
    expect((await list(customer)).body.students).toEqual([]);
  });

  it("keeps the consent given when linking, with the text's version and the date", async () => {
    const customer = await signUpAndLogIn(t);
    const at = new Date("2026-02-03T12:00:00.000Z");
    t.setNow(at);
    try {
      const added = await addRA(customer, "20250006");
      expect(added.status).toBe(201);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
    const consents = await t.db
      .selectFrom("student_consents")
      .selectAll()
      .where("customer_id", "=", customer.id)
      .execute();
    const sofia = await t.db.selectFrom("students").select("id").where("ra", "=", "20250006").executeTakeFirstOrThrow();
    expect(consents).toEqual([
      {
        id: expect.any(String),
        customer_id: customer.id,
        student_id: sofia.id,
        purpose: "link-ra",
        text_version: STUDENT_CONSENT_VERSION,
        accepted_at: at.toISOString(),
      },
    ]);
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

  it("makes an account wait after a few wrong pairs, even for the right one; links that work do not count", async () => {
    const customer = await signUpAndLogIn(t);
    const { limit } = LINK_FAILURE_LIMITS.account;
    expect((await addRA(customer, "20250001")).status).toBe(201);
    for (let i = 0; i < limit; i++) {
      expect((await addRA(customer, "20250002", { dtnascimento: `2019-08-${10 + i}` })).status).toBe(404);
    }
    const refused = await addRA(customer, "20250002");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { message: LINK_TOO_MANY_FAILURES } });
    // Concurrent guesses all count: none slips past the limit.
    const other = await signUpAndLogIn(t);
    const burst = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => addRA(other, "20250002", { dtnascimento: `2019-07-${10 + i}` })),
    );
    expect(burst.filter((reply) => reply.status === 404)).toHaveLength(limit);
    expect(burst.filter((reply) => reply.status === 429)).toHaveLength(3);
    // Another account on the same address is not held back.
    const third = await signUpAndLogIn(t);
    expect((await addRA(third, "20250002")).status).toBe(201);
  });

  it("blocks an account's linking for a day after a long run of wrong pairs", async () => {
    const customer = await signUpAndLogIn(t);
    const start = new Date("2026-03-02T09:00:00.000Z");
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const { limit: perWindow, windowMs } = LINK_FAILURE_LIMITS.account;
    const windowMinutes = windowMs / 60_000 + 1;
    let failures = 0;
    try {
      for (let window = 0; failures < LINK_FAILURE_LIMITS.accountBlock.limit; window++) {
        t.setNow(minutes(window * windowMinutes));
        for (let i = 0; i < perWindow && failures < LINK_FAILURE_LIMITS.accountBlock.limit; i++, failures++) {
          expect((await addRA(customer, "20250003", { dtnascimento: "2010-11-21" })).status).toBe(404);
        }
      }
      t.setNow(minutes(6 * 60));
      const blocked = await addRA(customer, "20250003");
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: { message: LINK_BLOCKED } });
      t.setNow(minutes(24 * 60 + 1));
      expect((await addRA(customer, "20250003")).status).toBe(201);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
  });

  it("limits wrong pairs per address generously: a school's network is many parents", async () => {
    const address = randomAddress();
    // Parents behind one address, each with a couple of typos, are never held back.
    const parents = await Promise.all(Array.from({ length: 4 }, () => signUpAndLogIn(t)));
    for (const parent of parents) {
      for (let i = 0; i < 2; i++)
        expect((await addRA(parent, "20250004", { address, dtnascimento: "2012-05-01" })).status).toBe(404);
      expect((await addRA(parent, "20250004", { address })).status).toBe(201);
    }
    expect(LINK_FAILURE_LIMITS.address.limit).toBeGreaterThanOrEqual(
      (100 * LINK_FAILURE_LIMITS.address.windowMs) / 3_600_000,
    );
    // One machine feeding many fresh accounts is stopped at the address's limit.
    const { name, limit } = LINK_FAILURE_LIMITS.address;
    await t.db
      .insertInto("rate_limits")
      .values({ key: `${name}:${address}`, window_started_at: Date.now(), hits: limit })
      .onConflict((oc) => oc.column("key").doUpdateSet({ window_started_at: Date.now(), hits: limit }))
      .execute();
    const fresh = await signUpAndLogIn(t);
    const refused = await addRA(fresh, "20250005", { address });
    expect([refused.status, refused.body.error.message]).toEqual([429, LINK_TOO_MANY_FAILURES]);
    expect((await addRA(fresh, "20250005", { address: randomAddress() })).status).toBe(201);
  });

  it("masks the CPFs of students and responsibles in every reply that lists them", async () => {
    const customer = await signUpAndLogIn(t);
    const added = await addRA(customer, "20250004");
    const listed = await list(customer);
    const cpfs = await seededCpfs();
    for (const reply of [added, listed]) {
      const text = JSON.stringify(reply.body);
      for (const cpf of cpfs) expect(text).not.toContain(cpf);
    }
    const [link] = listed.body.students;
    expect(link.student.cpf).toMatch(MASKED_CPF);
    expect(link.student.Responsibles.map((r: any) => r.cpf)).toEqual([
      expect.stringMatching(MASKED_CPF),
      expect.stringMatching(MASKED_CPF),
    ]);
    const stored = await t.db
      .selectFrom("students")
      .select("cpf")
      .where("ra", "=", "20250004")
      .executeTakeFirstOrThrow();
    expect(link.student.cpf).toBe(`***.${stored.cpf!.slice(3, 6)}.${stored.cpf!.slice(6, 9)}-**`);
  });

  it("refuses another customer's id, a missing token and another store", async () => {
    expect((await addRA(bruno, "20250006", { customerId: ana.id })).status).toBe(403);
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
  it("creates a student with the fixed defaults, linked to the customer, keeping the consent", async () => {
    const payload = newStudentPayload(ana.id, { email: "joaquim@exemplo.com.br", telefone1: "(81) 3333-4444" });
    const { status, body } = await t.call("POST", "/students/create-empty-student", payload, as(ana));
    expect(status).toBe(201);
    expect(body.student).toMatchObject({
      nome: "Joaquim Cavalcanti Neto",
      RA: null,
      // The customer typed it: the reply to that call shows it; every later one masks it.
      cpf: payload.cpf,
      naturalidade: "Olinda",
      telefone1: "8133334444",
      linkId: expect.any(String),
    });
    expect(
      await t.db.selectFrom("student_consents").selectAll().where("student_id", "=", body.student.id).execute(),
    ).toEqual([
      {
        id: expect.any(String),
        customer_id: ana.id,
        student_id: body.student.id,
        purpose: "create-student",
        text_version: STUDENT_CONSENT_VERSION,
        accepted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
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
    const listed = (await list(ana)).body.students.find((s: any) => s.studentId === body.student.id);
    expect(listed.student.cpf).toBe(`***.${payload.cpf.slice(3, 6)}.${payload.cpf.slice(6, 9)}-**`);

    const typed = responsiblePayload(ana.id, body.student.id);
    const responsible = await t.call("POST", "/responsibles/create-responsible", typed, as(ana));
    expect(responsible.status).toBe(200);
    expect(responsible.body.responsible).toMatchObject({
      nome: "Carla Cavalcanti Souza",
      cpf: typed.cpf,
      parentesco: 7,
      telefone1: "81998761234",
    });
    const again = (await list(ana)).body.students.find((s: any) => s.studentId === body.student.id);
    expect(again.student.Responsibles).toEqual([expect.objectContaining({ cpf: expect.stringMatching(MASKED_CPF) })]);
  });

  it("refuses a student without the responsible adult's consent, creating nothing", async () => {
    const before = await cartTables(t.db);
    for (const consentVersion of [undefined, "", "0"]) {
      const reply = await t.call(
        "POST",
        "/students/create-empty-student",
        newStudentPayload(ana.id, { consentVersion }),
        as(ana),
      );
      expect([reply.status, reply.body.error?.message]).toEqual([400, STUDENT_MESSAGES.consentRequired]);
    }
    expect(await cartTables(t.db)).toEqual(before);
  });

  it("applies the student rules of spec §5", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cpf: "111.111.111-11" }, "CPF inválido"],
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
      [{ telefone1: "(81) 9999" }, "Telefone incompleto"],
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

  it("applies the responsible rules: e-mail and phone required, CPF inválido", async () => {
    const { body } = await t.call("POST", "/students/create-empty-student", newStudentPayload(ana.id), as(ana));
    const cases: [Record<string, unknown>, string][] = [
      [{ cpf: "123.456.789-00" }, "CPF inválido"],
      [{ email: "" }, "Informe o e-mail."],
      [{ telefone1: "" }, "Informe o telefone celular."],
      [{ telefone1: "(81) 9876-123" }, "Telefone incompleto"],
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

describe("Sou aluno", () => {
  it("creates the customer as a student once, from the customer's data", async () => {
    const customer = await signUpAndLogIn(t, { name: "Rafael Augusto Pinto" });
    const path = `/students/already-student/${customer.id}/store/1`;
    const first = await t.call("POST", path, undefined, as(customer));
    expect(first.status).toBe(200);
    expect(first.body.student.student).toMatchObject({
      nome: "Rafael Augusto Pinto",
      cpf: `***.${customer.cpf.slice(3, 6)}.${customer.cpf.slice(6, 9)}-**`,
      RA: null,
      cidade: "Recife",
      estado: "PE",
    });
    const second = await t.call("POST", path, undefined, as(customer));
    expect(second.body.student.id).toBe(first.body.student.id);
    // The customer's own record is not one of their students (docs/decisions/0043).
    expect((await list(customer)).body.students).toEqual([]);
    expect((await t.call("POST", `/students/already-student/${customer.id}/store/1`, undefined, as(ana))).status).toBe(
      403,
    );
  });

  async function enrolled(RA: string) {
    const row = await t.db.selectFrom("students").select(["id", "cpf"]).where("ra", "=", RA).executeTakeFirstOrThrow();
    const cpf = row.cpf!;
    return { id: row.id, cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` };
  }

  it("links the enrolled student whose CPF and birth date are the account's", async () => {
    const lucas = await enrolled("20250001");
    const customer = await signUpAndLogIn(t, {
      name: "Lucas Albuquerque Souza",
      cpf: lucas.cpf,
      birthDate: demoBirthDate("20250001"),
    });
    const { body } = await t.call("POST", `/students/already-student/${customer.id}/store/1`, undefined, as(customer));
    expect(body.student).toMatchObject({ studentId: lucas.id, student: { RA: "20250001" } });
    expect((await list(customer)).body.students).toEqual([]);
  });

  it("a parent's own record stays out of their students, beside the children they link, and their cart takes it", async () => {
    const parent = await signUpAndLogIn(t, { name: "Patrícia Moura Lins" });
    const own = await t.call("POST", `/students/already-student/${parent.id}/store/1`, undefined, as(parent));
    const child = await t.call(
      "POST",
      "/students/add-student-to-customer",
      {
        storeId: 1,
        customerId: parent.id,
        RA: "20250003",
        dtnascimento: demoBirthDate("20250003"),
        consentVersion: "1",
      },
      as(parent),
    );
    expect(child.status).toBe(201);
    expect((await list(parent)).body.students.map((link: { studentId: string }) => link.studentId)).toEqual([
      child.body.student.studentId,
    ]);
    const item = await t.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("type", "=", "P")
      .where("sale_price_cents", ">", 0)
      .executeTakeFirstOrThrow();
    const saved = await t.call(
      "POST",
      "/carts/client-add-item-to-cart",
      {
        storeId: 1,
        customerId: parent.id,
        affiliateId: null,
        bags: [
          { studentId: own.body.student.studentId, cartItems: [{ itemTOTVSId: item.item_totvs_id, quantity: 1 }] },
        ],
      },
      as(parent),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.cart.bags).toMatchObject([
      { studentId: own.body.student.studentId, name: "Patrícia Moura Lins" },
    ]);
  });

  it("does not link an enrolled student by the CPF alone: a CPF is not checked at sign-up", async () => {
    const beatriz = await enrolled("20250002");
    const customer = await signUpAndLogIn(t, {
      name: "Alguém Com Outro Nascimento",
      cpf: beatriz.cpf,
      birthDate: "1990-01-01",
    });
    const { status, body } = await t.call(
      "POST",
      `/students/already-student/${customer.id}/store/1`,
      undefined,
      as(customer),
    );
    expect(status).toBe(200);
    expect(body.student.studentId).not.toBe(beatriz.id);
    expect(body.student.student).toMatchObject({ nome: "Alguém Com Outro Nascimento", RA: null, Responsibles: [] });
    expect(JSON.stringify(body)).not.toContain("Beatriz");
  });
});
