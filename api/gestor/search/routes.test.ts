/**
 * The header's search (issue 25 §16; docs/decisions/0041-gestor-search.md) and Pedidos' "Busca",
 * which it uses: who may call it, each kind of text (name, e-mail, CPF with and without its
 * mask, RA, order number), that one family's text never brings another's records, and the
 * parts a role does not open.
 */
import { describe, expect, it } from "vitest";
import { SEARCH_GROUP_SIZE } from "#api/contract/gestor/search.ts";
import { SEARCH_TOO_LONG, SEARCH_TOO_SHORT } from "#api/contract/gestor/search-text.ts";
import { STAFF_ROLES } from "#api/contract/gestor/staff.ts";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { SECOND_FACTOR_OWED, STAFF_SESSION_EXPIRED } from "#api/gestor/staff/require-staff.ts";
import { issueStaffSession } from "#api/gestor/staff/staff-sessions.ts";
import { linkByRA } from "#tests/fixtures/carts.ts";
import { maskCpf, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { searchRecords } from "./service.ts";

const { t, atendimento: atendente, admin } = gestorTestApiForFile(["atendimento", "admin"]);

const search = (q: string, token = atendente.token) =>
  t.call("GET", `/gestor/search?q=${encodeURIComponent(q)}`, undefined, { token });
const idsOf = (group: { rows: { id: string }[] } | null) => group?.rows.map((row) => row.id);
/** Letters only (a name takes no digits): tells this test's people apart. */
const marker = (prefix: string) =>
  prefix +
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
/** n random digits, never starting with 0 (an order's number, an RA). */
const digits = (n: number) =>
  String(1 + Math.floor(Math.random() * 9)) +
  Array.from({ length: n - 1 }, () => Math.floor(Math.random() * 10)).join("");

/** A family: a customer with a unique name and one paid sale of a student with a unique name and RA. */
async function family(surname: string) {
  const customer = await signUpAndLogIn(t, { name: `${marker("Cli")} ${surname}` });
  const student = { name: `${marker("Est")} ${surname}`, ra: digits(9) };
  const referenceCode = digits(12);
  const saleId = await insertSale(t.db, {
    customer_id: customer.id,
    reference_code: referenceCode,
    bags: [
      {
        student_name: student.name,
        student_ra: student.ra,
        items: [{ title: "Apostila 6º ano", quantity: 1, unit_price_cents: 4990 }],
      },
    ],
  });
  return { customer, student, referenceCode, saleId };
}

describe("who may search", () => {
  it("answers 401 without a staff session, to a customer's token and to a session owing its second factor", async () => {
    const customer = await signUpAndLogIn(t);
    for (const token of [undefined, customer.token]) {
      const reply = await t.call("GET", `/gestor/search?q=${customer.cpf}`, undefined, { token });
      expect(reply.status).toBe(401);
      expect(reply.body.error.message).toBe(STAFF_SESSION_EXPIRED);
    }
    const { token } = await issueStaffSession(t.db, atendente.staffId, new Date(), { mfaPassed: false, address: null });
    const owing = await search(customer.cpf, token);
    expect([owing.status, owing.body.error.message]).toEqual([401, SECOND_FACTOR_OWED]);
  });

  it("shows both roles every part decision 0028 opens to them: customers, students and sales", async () => {
    const { customer, saleId } = await family(marker("Soares"));
    for (const person of [admin, atendente]) {
      const reply = await search(customer.payload.name, person.token);
      expect(reply.status).toBe(200);
      expect(idsOf(reply.body.customers)).toEqual([customer.id]);
      expect(reply.body.students).toEqual({ rows: [], total: 0 });
      expect(idsOf(reply.body.sales)).toEqual([saleId]);
    }
  });

  it("leaves out, for a role, each part that role does not open", async () => {
    const { customer, saleId } = await family(marker("Barros"));
    const q = customer.payload.name;
    // A store where atendimento does not open Pedidos: the search gives it no sale, admins still get it.
    const noSalesForAtendimento = { customers: STAFF_ROLES, sales: ["admin"] } as const;
    const forAtendente = await searchRecords(
      t.db,
      q,
      { role: "atendimento", scope: WHOLE_NETWORK },
      noSalesForAtendimento,
    );
    expect(forAtendente.sales).toBeNull();
    expect(idsOf(forAtendente.customers)).toEqual([customer.id]);
    expect(
      idsOf((await searchRecords(t.db, q, { role: "admin", scope: WHOLE_NETWORK }, noSalesForAtendimento)).sales),
    ).toEqual([saleId]);
    // And one where it opens no family's records: neither customers nor students.
    const onlySales = await searchRecords(
      t.db,
      q,
      { role: "atendimento", scope: WHOLE_NETWORK },
      { customers: ["admin"], sales: STAFF_ROLES },
    );
    expect([onlySales.customers, onlySales.students]).toEqual([null, null]);
    expect(idsOf(onlySales.sales)).toEqual([saleId]);
  });
});

describe("what a text finds", () => {
  it("finds a family by the customer's name or e-mail (any part, any case), never another family", async () => {
    const surname = marker("Vasconcelos");
    const ours = await family(surname);
    const theirs = await family(marker("Vasconcelos"));
    for (const q of [
      ours.customer.payload.name.split(" ")[0]!.toUpperCase(),
      ours.customer.email.split("@")[0]!,
      ours.customer.email.toUpperCase(),
    ]) {
      const { body } = await search(q);
      expect(idsOf(body.customers), q).toEqual([ours.customer.id]);
      expect(idsOf(body.sales), q).toEqual([ours.saleId]);
      expect(body.sales.rows[0]).toMatchObject({
        referenceCode: ours.referenceCode,
        customer: { id: ours.customer.id, name: ours.customer.payload.name, email: ours.customer.email },
        students: [{ name: ours.student.name, ra: ours.student.ra }],
        total: 49.9,
      });
    }
    // The shared start of both surnames finds both families, each with its own sale.
    const both = (await search("vasconcelos")).body;
    expect(new Set(idsOf(both.customers))).toEqual(new Set([ours.customer.id, theirs.customer.id]));
    expect(new Set(idsOf(both.sales))).toEqual(new Set([ours.saleId, theirs.saleId]));
  });

  it("finds a customer and their sales by CPF, with or without its mask; part of one finds it too", async () => {
    const ours = await family(marker("Pimentel"));
    const theirs = await family(marker("Pimentel"));
    for (const q of [ours.customer.cpf, maskCpf(ours.customer.cpf), ` ${maskCpf(ours.customer.cpf)} `]) {
      const { body } = await search(q);
      expect(idsOf(body.customers), q).toEqual([ours.customer.id]);
      expect(idsOf(body.sales), q).toEqual([ours.saleId]);
      expect(body.customers.rows[0].cpf).toBe(ours.customer.cpf);
    }
    expect(idsOf((await search(maskCpf(ours.customer.cpf).slice(0, 11))).body.customers)).toContain(ours.customer.id);
    expect(idsOf((await search(theirs.customer.cpf)).body.customers)).toEqual([theirs.customer.id]);
  });

  it("finds a sale by its order number, as the gestor shows it, and nothing else of anyone", async () => {
    const ours = await family(marker("Teixeira"));
    await family(marker("Teixeira"));
    const { body } = await search(ours.referenceCode);
    expect(idsOf(body.sales)).toEqual([ours.saleId]);
    expect(body.customers).toEqual({ rows: [], total: 0 });
    expect(body.students).toEqual({ rows: [], total: 0 });
  });

  it("finds a student by RA or name, with the customers linked to them, and the sales made for them", async () => {
    const customer = await signUpAndLogIn(t);
    await linkByRA(t, customer, "20250004");
    const byRa = (await search("20250004")).body;
    expect(byRa.students.rows).toHaveLength(1);
    expect(byRa.students.rows[0]).toMatchObject({ RA: "20250004", name: "Ana Clara Menezes Barbosa" });
    expect(byRa.students.rows[0].customers).toContainEqual({
      id: customer.id,
      name: customer.payload.name,
      email: customer.email,
    });
    const byName = (await search("menezes barb")).body;
    expect(byName.students.rows.map((row: { RA: string }) => row.RA)).toContain("20250004");

    // A sale is found by the RA and the name of the student it was bought for.
    const ours = await family(marker("Cordeiro"));
    const theirs = await family(marker("Cordeiro"));
    expect(idsOf((await search(ours.student.ra)).body.sales)).toEqual([ours.saleId]);
    expect(idsOf((await search(ours.student.name.toLowerCase())).body.sales)).toEqual([ours.saleId]);
    expect(idsOf((await search(theirs.student.name)).body.sales)).toEqual([theirs.saleId]);
  });

  it("takes a LIKE wildcard and a digit in a name as plain text", async () => {
    const ours = await family(marker("Rocha"));
    const none = (await search("%%%")).body;
    expect([none.customers.total, none.students.total, none.sales.total]).toEqual([0, 0, 0]);
    // A digit inside a name is no CPF: it does not bring every customer whose CPF holds it.
    const named = (await search(`${ours.customer.payload.name.split(" ")[0]} 1`)).body;
    expect(named.customers.total).toBe(0);
  });

  it("shows the first few of each kind and how many there are", async () => {
    const ours = await family(marker("Queiroz"));
    for (let i = 0; i < SEARCH_GROUP_SIZE + 2; i++)
      await insertSale(t.db, {
        customer_id: ours.customer.id,
        bags: [{ student_name: ours.student.name, items: [{ title: "Caderno", quantity: 1, unit_price_cents: 990 }] }],
      });
    const { body } = await search(ours.customer.email);
    expect(body.sales.rows).toHaveLength(SEARCH_GROUP_SIZE);
    expect(body.sales.total).toBe(SEARCH_GROUP_SIZE + 3);
  });

  it("refuses a text too short or too long to search, in Portuguese", async () => {
    for (const [q, message] of [
      ["ab", SEARCH_TOO_SHORT],
      ["  a  ", SEARCH_TOO_SHORT],
      ["a".repeat(101), SEARCH_TOO_LONG],
    ]) {
      const reply = await search(q!);
      expect([reply.status, reply.body.error.message], q).toEqual([400, message]);
    }
    const missing = await t.call("GET", "/gestor/search", undefined, { token: atendente.token });
    expect([missing.status, missing.body.error.message]).toEqual([400, SEARCH_TOO_SHORT]);
  });
});

describe("Pedidos' Busca (the same rule)", () => {
  it("finds sales by name or order number, with the other filters, and refuses a short text", async () => {
    const ours = await family(marker("Macedo"));
    const theirs = await family(marker("Macedo"));
    const list = async (query: string) =>
      (await t.call("GET", `/gestor/sales?${query}`, undefined, { token: admin.token })).body;
    expect(idsOf(await list(`q=${encodeURIComponent(ours.customer.payload.name)}`))).toEqual([ours.saleId]);
    expect(idsOf(await list(`q=${theirs.referenceCode}`))).toEqual([theirs.saleId]);
    expect(idsOf(await list(`q=${theirs.referenceCode}&status=pending`))).toEqual([]);
    expect(idsOf(await list(`q=${encodeURIComponent(maskCpf(ours.customer.cpf))}&status=paid`))).toEqual([ours.saleId]);
    const short = await t.call("GET", "/gestor/sales?q=ab", undefined, { token: admin.token });
    expect([short.status, short.body.error.message]).toEqual([400, SEARCH_TOO_SHORT]);
  });
});
