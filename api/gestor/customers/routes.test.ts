import { beforeAll, describe, expect, it } from "vitest";
import { GESTOR_PAGE_SIZE } from "#api/contract/gestor/paging.ts";
import { CUSTOMER_NOT_FOUND, SEARCH_TOO_LONG } from "#api/contract/gestor/customers.ts";
import { UNLINK_REASON_MESSAGES } from "#api/contract/gestor/unlink-reason.ts";
import { LINK_NOT_FOUND } from "#api/contract/students.ts";
import { bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { maskCpf, randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { STAFF_SESSION_EXPIRED } from "../staff/require-staff.ts";

let items: Awaited<ReturnType<typeof demoItems>>;

const { t, atendimento: atendente, admin } = gestorTestApiForFile(["atendimento", "admin"]);
beforeAll(async () => {
  items = await demoItems(t.db);
});

const get = (path: string, token = atendente.token) => t.call("GET", path, undefined, { token });
const unlink = (customerId: string, linkId: string, body: unknown, token = atendente.token) =>
  t.call("POST", `/gestor/customers/${customerId}/links/${linkId}/unlink`, body, { token });
/** Letters only (a name takes no digits): tells this test's customers apart. */
const marker = (prefix: string) =>
  prefix +
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const auditOf = (customerId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", customerId).orderBy("at").execute();
const studentsOf = async (customer: { id: string; token: string }) =>
  (
    await t.call("GET", `/students/list-students-by-customer/${customer.id}/store/1`, undefined, {
      token: customer.token,
    })
  ).body.students.map((link: any) => link.student.RA);

describe("searching customers and students", () => {
  it("finds a customer by any part of the name, e-mail or CPF, and pages the list", async () => {
    const name = marker("Zuleica");
    const customer = await signUpAndLogIn(t, { name: `${name} Cavalcanti` });
    for (const q of [
      name.toLowerCase(),
      customer.email.slice(0, 12).toUpperCase(),
      maskCpf(customer.cpf),
      customer.cpf.slice(2, 9),
    ]) {
      const reply = await get(`/gestor/customers?q=${encodeURIComponent(q)}`);
      expect(reply.status).toBe(200);
      expect(reply.body.rows.map((row: any) => row.id)).toContain(customer.id);
    }
    const [row] = (await get(`/gestor/customers?q=${name}`)).body.rows;
    expect(row).toEqual({
      id: customer.id,
      name: `${name} Cavalcanti`,
      email: customer.email,
      cpf: customer.cpf,
      cellPhone: expect.any(String),
      createdAt: expect.any(String),
    });
    // A LIKE wildcard is a plain character here.
    expect((await get("/gestor/customers?q=%25%25%25")).body.total).toBe(0);

    // 26 customers share the marker: two pages, the second with one row.
    const many = marker("Pagina");
    for (let i = 0; i < GESTOR_PAGE_SIZE + 1; i++)
      await signUpAndLogIn(t, { name: `${many} ${String.fromCharCode(97 + i)}` });
    const first = await get(`/gestor/customers?q=${many}`);
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: GESTOR_PAGE_SIZE + 1 });
    expect(first.body.rows).toHaveLength(GESTOR_PAGE_SIZE);
    const second = await get(`/gestor/customers?q=${many}&page=2`);
    expect(second.body.rows).toHaveLength(1);
    expect(first.body.rows.map((r: any) => r.id)).not.toContain(second.body.rows[0].id);
    // A page past the end is the last page; a page that is no number, the first.
    expect((await get(`/gestor/customers?q=${many}&page=9`)).body.page).toBe(2);
    expect((await get(`/gestor/customers?q=${many}&page=x`)).body.page).toBe(1);
  }, 60_000);

  it("folds the case of accented letters, the same on SQLite and PostgreSQL, and minds the accent itself", async () => {
    const name = `Érica ${marker("Ávila")} Lins`;
    const customer = await signUpAndLogIn(t, { name });
    const surname = name.split(" ")[1]!;
    for (const q of [`érica ${surname.toLowerCase()}`, `ÉRICA ${surname.toUpperCase()}`, surname.toLowerCase()]) {
      const rows = (await get(`/gestor/customers?q=${encodeURIComponent(q)}`)).body.rows;
      expect(
        rows.map((row: any) => row.id),
        q,
      ).toEqual([customer.id]);
    }
    // PostgreSQL's lower() keeps the accent, so SQLite does too: "erica" is another word.
    const unaccented = `erica ${surname.toLowerCase().replace("á", "a")}`;
    expect((await get(`/gestor/customers?q=${encodeURIComponent(unaccented)}`)).body.rows).toEqual([]);
  });

  it("finds a student by name or RA, with the customers linked to them", async () => {
    const customer = await signUpAndLogIn(t);
    await linkByRA(t, customer, "20250005");
    const byRa = await get("/gestor/students?q=20250005");
    expect(byRa.status).toBe(200);
    expect(byRa.body.rows).toHaveLength(1);
    expect(byRa.body.rows[0]).toMatchObject({ RA: "20250005" });
    expect(byRa.body.rows[0].customers).toContainEqual({
      id: customer.id,
      name: customer.payload.name,
      email: customer.email,
    });
    const name = byRa.body.rows[0].name as string;
    const byName = await get(`/gestor/students?q=${encodeURIComponent(name.split(" ")[0]!.toLowerCase())}`);
    expect(byName.body.rows.map((row: any) => row.RA)).toContain("20250005");
    const tooLong = await get(`/gestor/students?q=${"a".repeat(101)}`);
    expect([tooLong.status, tooLong.body.error.message]).toEqual([400, SEARCH_TOO_LONG]);
  });
});

describe("a customer's page", () => {
  it("shows their data, students, orders, open cart and tickets, and never a secret", async () => {
    const customer = await signUpAndLogIn(t);
    const link = await linkByRA(t, customer, "20250006");
    await saveCart(t, customer, [bag(link.studentId, [items.P[0]!.itemTOTVSId, 2])]);
    const saleId = await insertSale(t.db, { customer_id: customer.id, status: "pending", card_last4: "1111" });
    await t.call(
      "POST",
      "/tickets/create-ticket",
      { storeId: 1, name: "Fulana", email: customer.email, subject: "pedido", message: "Onde está meu pedido?" },
      { address: randomAddress() },
    );
    const reply = await get(`/gestor/customers/${customer.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.customer).toMatchObject({
      id: customer.id,
      email: customer.email,
      cpf: customer.cpf,
      city: "Recife",
    });
    expect(reply.body.students).toEqual([
      expect.objectContaining({
        linkId: link.id,
        studentId: link.studentId,
        RA: "20250006",
        linkedAt: expect.any(String),
      }),
    ]);
    expect(reply.body.sales).toEqual([expect.objectContaining({ saleId, status: "pending" })]);
    expect(reply.body.cart).toMatchObject({ itemCount: 2 });
    expect(reply.body.tickets).toEqual([expect.objectContaining({ subject: "pedido", status: "aberto" })]);
    const text = JSON.stringify(reply.body);
    expect(text).not.toMatch(/password|argon2|scrypt|token|1111/i);

    for (const id of [crypto.randomUUID(), "nao-e-um-id"]) {
      const unknown = await get(`/gestor/customers/${id}`);
      expect([unknown.status, unknown.body.error.message]).toEqual([404, CUSTOMER_NOT_FOUND]);
    }
  });
});

describe("a customer's student's grade (issue 27)", () => {
  it("is the enrolment of now with its grade, class and shift, and an ended one says so", async () => {
    const customer = await signUpAndLogIn(t);
    const link = await linkByRA(t, customer, "20250005");
    const period = `${new Date().getFullYear()}00`;
    const schoolYearOf = async () => (await get(`/gestor/customers/${customer.id}`)).body.students[0].schoolYear;
    expect(await schoolYearOf()).toEqual({
      CODPERLET: period,
      CODCOLIGADA: "7",
      deletedAt: null,
      codgrade: "EF04",
      CURSO: "Ensino Fundamental I",
      HABILITACAO: "4º Ano",
      TURMA: "A",
      TURNO: "Tarde",
    });
    const current = t.db
      .updateTable("student_school_years")
      .where("student_id", "=", link.studentId)
      .where("codperlet", "=", period);
    await current.set({ deleted_at: "2026-04-01T00:00:00.000Z" }).execute();
    try {
      expect(await schoolYearOf()).toMatchObject({ CODPERLET: period, deletedAt: "2026-04-01T00:00:00.000Z" });
    } finally {
      await current.set({ deleted_at: null }).execute();
    }
  });
});

describe("unlinking a student", () => {
  it("ends the link with a reason: gone from the customer's list, the bag out of the cart with a notice, audited", async () => {
    const customer = await signUpAndLogIn(t);
    const kept = await linkByRA(t, customer, "20250001");
    const ended = await linkByRA(t, customer, "20250002");
    await saveCart(t, customer, [
      bag(kept.studentId, [items.S[0]!.itemTOTVSId, 1]),
      bag(ended.studentId, [items.P[0]!.itemTOTVSId, 1]),
    ]);
    const reply = await unlink(customer.id, ended.id, { reason: "  Pedido da secretaria: guarda transferida.  " });
    expect(reply.status).toBe(200);
    expect(reply.body.link).toMatchObject({ id: ended.id, studentId: ended.studentId });

    expect(await studentsOf(customer)).toEqual(["20250001"]);
    const cart = await getCart(t, customer);
    expect(cart.body.cart.bags.map((b: any) => b.studentId)).toEqual([kept.studentId]);
    expect(cart.body.itemsRemoved).toEqual([
      { id: expect.any(String), itemTOTVSId: items.P[0]!.itemTOTVSId, title: items.P[0]!.title },
    ]);
    // The student stays: the customer can link them again.
    await linkByRA(t, customer, "20250002");

    const [entry] = await auditOf(customer.id);
    expect(entry).toMatchObject({
      action: "customer.unlink-student",
      actor_label: atendente.email,
      target_type: "customer",
    });
    expect(entry!.summary).toMatch(
      /^Desvinculou .+ \(RA 20250002\) de .+\. Motivo: Pedido da secretaria: guarda transferida\.$/,
    );
    expect(JSON.parse(entry!.before_json!)).toMatchObject({
      linkId: ended.id,
      RA: "20250002",
      bag: [{ itemTOTVSId: items.P[0]!.itemTOTVSId }],
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ reason: "Pedido da secretaria: guarda transferida." });

    const again = await unlink(customer.id, ended.id, { reason: "De novo, por engano." });
    expect([again.status, again.body.error.message]).toEqual([404, LINK_NOT_FOUND]);
  });

  it("refuses without a reason, another customer's link, customers' tokens and no token, writing nothing", async () => {
    const customer = await signUpAndLogIn(t);
    const link = await linkByRA(t, customer, "20250003");
    const other = await signUpAndLogIn(t);
    for (const body of [{}, { reason: " ok " }, { reason: "x".repeat(501) }]) {
      const reply = await unlink(customer.id, link.id, body, admin.token);
      expect(reply.status).toBe(400);
      expect(Object.values(UNLINK_REASON_MESSAGES)).toContain(reply.body.error.message);
    }
    const crossed = await unlink(other.id, link.id, { reason: "Vínculo de outra conta." });
    expect([crossed.status, crossed.body.error.message]).toEqual([404, LINK_NOT_FOUND]);
    for (const token of [customer.token, undefined]) {
      const calls = [
        await t.call("GET", "/gestor/customers?q=a", undefined, { token }),
        await t.call("GET", "/gestor/students?q=a", undefined, { token }),
        await t.call("GET", `/gestor/customers/${customer.id}`, undefined, { token }),
        await t.call(
          "POST",
          `/gestor/customers/${customer.id}/links/${link.id}/unlink`,
          { reason: "Motivo qualquer." },
          { token },
        ),
      ];
      for (const reply of calls) expect([reply.status, reply.body.error.message]).toEqual([401, STAFF_SESSION_EXPIRED]);
    }
    expect(await studentsOf(customer)).toEqual(["20250003"]);
    expect(await auditOf(customer.id)).toEqual([]);
    expect(await auditOf(other.id)).toEqual([]);
  });
});
