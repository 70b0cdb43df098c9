import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskCpf, newCpf, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { MAX_PICKUP_PEOPLE, PICKUP_PEOPLE_MESSAGES as M, pickupPeople } from "../contract/pickup-people.ts";

const LIST = "/pickup-people/list-pickup-people";
const ADD = "/pickup-people/add-pickup-person";
const REMOVE = "/pickup-people/remove-pickup-person";
const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
});
afterAll(() => t.close());

const list = (customer: SignedUpCustomer) => t.call("GET", LIST, undefined, { token: customer.token });
const add = (customer: SignedUpCustomer, name: string, cpf: string) =>
  t.call("POST", ADD, { name, cpf }, { token: customer.token });
const remove = (customer: SignedUpCustomer, id: string) => t.call("POST", REMOVE, { id }, { token: customer.token });
// The test's clock stands still: people named "at once" come in name order.
const namesOf = async (customer: SignedUpCustomer) =>
  (await list(customer)).body.people.map((person: { name: string }) => person.name);

describe("the people an account names to pick up (issue 30)", () => {
  it("names people, CPF as 11 digits, within the contract; each account sees only its own", async () => {
    const ana = await signUpAndLogIn(t, { name: "Ana Beatriz Cavalcanti" });
    const bruno = await signUpAndLogIn(t, { name: "Bruno Henrique Farias" });
    const maria = newCpf();
    const added = await add(ana, "Maria   Aparecida Souza ", maskCpf(maria));
    expect(added.status).toBe(201);
    expect(pickupPeople.addPickupPerson.reply.safeParse(added.body).success).toBe(true);
    expect(added.body.people).toEqual([{ id: expect.any(String), name: "Maria Aparecida Souza", cpf: maria }]);
    expect((await add(ana, "José Carlos Pereira", newCpf())).status).toBe(201);
    expect(await namesOf(ana)).toEqual(["José Carlos Pereira", "Maria Aparecida Souza"]);

    // Bruno sees none of Ana's people, may name the same person for his own account, and cannot remove hers.
    expect((await list(bruno)).body).toEqual({ people: [] });
    expect((await add(bruno, "Maria Aparecida Souza", maria)).status).toBe(201);
    const refused = await remove(bruno, added.body.people[0].id);
    expect(refused).toEqual({ status: 404, body: { error: { message: M.notFound } } });
    expect(await namesOf(ana)).toEqual(["José Carlos Pereira", "Maria Aparecida Souza"]);

    const removed = await remove(ana, added.body.people[0].id);
    expect(removed.status).toBe(200);
    expect(removed.body.people.map((person: { name: string }) => person.name)).toEqual(["José Carlos Pereira"]);
    // Removed twice (a second tab): 404, nothing else changes.
    expect((await remove(ana, added.body.people[0].id)).status).toBe(404);
    expect(await namesOf(bruno)).toEqual(["Maria Aparecida Souza"]);
  });

  it("refuses a CPF named twice and the account's own (409), a bad CPF or name (400), and changes nothing", async () => {
    const carla = await signUpAndLogIn(t, { name: "Carla Regina Menezes" });
    const cpf = newCpf();
    expect((await add(carla, "Maria Aparecida Souza", cpf)).status).toBe(201);
    expect(await add(carla, "Outra Pessoa da Silva", maskCpf(cpf))).toEqual({
      status: 409,
      body: { error: { message: M.duplicate } },
    });
    expect(await add(carla, "Carla Regina Menezes", maskCpf(carla.cpf))).toEqual({
      status: 409,
      body: { error: { message: M.ownCpf } },
    });
    const badCpf = await add(carla, "Pedro Alves Teixeira", "111.111.111-11");
    expect(badCpf.status).toBe(400);
    expect(JSON.stringify(badCpf.body)).toContain(M.cpfInvalid);
    expect((await add(carla, "Pe", newCpf())).status).toBe(400);
    expect(await namesOf(carla)).toEqual(["Maria Aparecida Souza"]);
  });

  it(`names at most ${MAX_PICKUP_PEOPLE} people (422), even sent at once from two tabs`, async () => {
    const davi = await signUpAndLogIn(t, { name: "Davi Menezes Filho" });
    const names = ["Pessoa Um da Silva", "Pessoa Dois da Silva", "Pessoa Três da Silva", "Pessoa Quatro da Silva"];
    for (const name of names) expect((await add(davi, name, newCpf())).status).toBe(201);
    const atOnce = await Promise.all([
      add(davi, "Pessoa Cinco da Silva", newCpf()),
      add(davi, "Pessoa Seis da Silva", newCpf()),
    ]);
    expect(atOnce.map((reply) => reply.status).sort()).toEqual([201, 422]);
    expect(atOnce.find((reply) => reply.status === 422)!.body).toEqual({ error: { message: M.tooMany } });
    expect((await list(davi)).body.people).toHaveLength(MAX_PICKUP_PEOPLE);
  });

  it("answers 401 without a token, and refuses an id that is not a UUID (400)", async () => {
    for (const [method, path, body] of [
      ["GET", LIST, undefined],
      ["POST", ADD, { name: "Maria Aparecida Souza", cpf: newCpf() }],
      ["POST", REMOVE, { id: crypto.randomUUID() }],
    ] as const) {
      const reply = await t.call(method, path, body);
      expect(reply).toMatchObject({ status: 401, body: { error: { message: SESSION_EXPIRED } } });
    }
    const elisa = await signUpAndLogIn(t, { name: "Elisa Fernandes Rocha" });
    const reply = await remove(elisa, "nao-e-um-id");
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(M.personInvalid);
  });

  it("the data export lists them; deleting the account deletes them", async () => {
    const fabio = await signUpAndLogIn(t, { name: "Fábio Nogueira Lima" });
    const cpf = newCpf();
    await add(fabio, "Maria Aparecida Souza", cpf);
    const exported = await t.call("GET", `/customers/export-customer-data/${fabio.id}/store/1`, undefined, {
      token: fabio.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.customerData.pickupPeople).toEqual([
      { id: expect.any(String), name: "Maria Aparecida Souza", cpf },
    ]);
    const deleted = await t.call(
      "POST",
      `/customers/delete-customer/${fabio.id}/store/1`,
      { password: fabio.password },
      { token: fabio.token },
    );
    expect(deleted.status).toBeLessThan(300);
    const left = await t.db
      .selectFrom("customer_pickup_people")
      .select("id")
      .where("customer_id", "=", fabio.id)
      .execute();
    expect(left).toEqual([]);
  });
});
