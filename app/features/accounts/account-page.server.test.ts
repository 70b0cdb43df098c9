import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { startCepServer } from "#tests/fixtures/cep-server.ts";
import { newCpf } from "#tests/fixtures/customers.ts";
import {
  actionReply,
  sessionCookieOf,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
} from "#tests/fixtures/storefront-requests.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { accountPageAction, loadAccountPage } from "./account-page.server.ts";
import { loadPickupPeople } from "#app/features/pickup-people/pickup-people.server.ts";
import { loadWhatsappSection } from "#app/features/messages/whatsapp-consent.server.ts";
import { commitCustomerSession, getSession, getSessionCustomer } from "#app/.server/session.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";

let dataDir: string;
let db: StoreDatabase;
let cepApi: Awaited<ReturnType<typeof startCepServer>>;

const get = (cookie: string | null, path = "/conta") => storefrontGet(cookie, path);
const post = (cookie: string, fields: Record<string, string>) => storefrontPost(cookie, fields, "/conta");

/** What the /conta action answered, or what it threw. */
async function run(
  cookie: string,
  fields: Record<string, string>,
): Promise<ReturnType<typeof actionReply> & { thrown?: unknown }> {
  const { request, formData } = post(cookie, fields);
  try {
    return actionReply(await accountPageAction(await requestArgs(request), formData));
  } catch (thrown) {
    return { thrown, status: 0 };
  }
}

const profile = {
  name: "Fernanda Cavalcanti Lima",
  cellPhone: "(81) 98888-7777",
  cpf: "",
  birthDate: "1987-09-23",
  zipcode: "50050-000",
  state: "PE",
  city: "Recife",
  neighborhood: "Boa Vista",
  street: "Rua da Aurora",
  houseNumber: "325",
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-conta-"));
  cepApi = await startCepServer();
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  process.env.CEP_API_URL = cepApi.url;
  // The bundled API migrates and seeds on first use; a second connection writes the sales.
  await storeApiFor(get(null)).listPaymentMethods();
  db = await openDatabase({ dataDir });
});

afterAll(async () => {
  await db.destroy();
  await cepApi.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the /conta loader", () => {
  it("sends a visitor home", async () => {
    await expect(loadAccountPage(await requestArgs(get(null)))).rejects.toMatchObject({
      status: 302,
      headers: expect.any(Headers),
    });
    const thrown = (await loadAccountPage(await requestArgs(get(null))).catch((error) => error)) as Response;
    expect(thrown.headers.get("location")).toBe("/");
  });

  it("loads the whole customer, masked for the form, and an empty history", async () => {
    const maria = await signUpAndLogIn();
    const page = await loadAccountPage(await requestArgs(get(maria.cookie)));
    expect(page.profile.values).toMatchObject({
      name: "Fernanda Cavalcanti Lima",
      cellPhone: "(81) 99876-5432",
      cpf: `${maria.cpf.slice(0, 3)}.${maria.cpf.slice(3, 6)}.${maria.cpf.slice(6, 9)}-${maria.cpf.slice(9)}`,
      zipcode: "50030-230",
      state: "PE",
      city: "Recife",
      houseNumber: "325",
    });
    expect(page.profile.cities).toContain("Jaboatão dos Guararapes");
    expect(page.sales).toEqual([]);
    expect(page.selectedSale).toBeNull();
  });

  it("shows the bags of an own sale asked for by ?compra, and nothing of another customer's", async () => {
    const ana = await signUpAndLogIn("Ana Beatriz Cavalcanti");
    const bruno = await signUpAndLogIn("Bruno Henrique Farias");
    const bag = {
      student_name: "Lucas Cavalcanti",
      student_ra: "202400123",
      items: [{ title: "Agenda Escolar", quantity: 2, unit_price_cents: 3500 }],
    };
    const own = await insertSale(db, { customer_id: ana.id, reference_code: "LE-9001", bags: [bag] });
    const other = await insertSale(db, { customer_id: bruno.id, reference_code: "LE-9002", bags: [bag] });

    const page = await loadAccountPage(await requestArgs(get(ana.cookie, `/conta?compra=${own}`)));
    expect(page.sales?.map((sale) => sale.referenceCode)).toEqual(["LE-9001"]);
    expect(page.selectedSale?.bags?.[0]).toMatchObject({ studentName: "Lucas Cavalcanti", total: 70 });
    // A good: where and when it is picked up, from its unit as the store keeps it now (issue 27).
    expect(page.selectedSale?.bags?.[0]?.items[0]?.pickup).toBe(
      "Retirada: Colégio Saber Boa Viagem, Rua Ernesto de Paula Santos, 1020, Boa Viagem, Recife - PE · Seg. a sex., 7h às 17h",
    );

    const probing = await loadAccountPage(await requestArgs(get(ana.cookie, `/conta?compra=${other}`)));
    expect(probing.selectedSale).toEqual({ id: other, bags: null, pickup: null });
  });

  it("ends the session on a 401 from the API", async () => {
    const auth = {
      token: "x".repeat(43),
      customer: { id: crypto.randomUUID(), name: "Fulano", email: "f@exemplo.com.br", avatar: null },
    };
    const cookie = sessionCookieOf(await commitCustomerSession(get(null), auth));
    const thrown = (await loadAccountPage(await requestArgs(get(cookie))).catch((error) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe("/sessao-expirada");
  });
});

describe("the /conta action, profile form", () => {
  it("saves, keeps the session's login time, renames its customer and redirects with the toast", async () => {
    const maria = await signUpAndLogIn();
    const before = (await getSession(get(maria.cookie))).get("expiresAt");
    const cpf = newCpf();
    const { response } = await run(maria.cookie, {
      intent: "profile",
      ...profile,
      name: "Fernanda Lima de Souza",
      cpf,
    });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/conta");
    const setCookie = response!.headers.get("set-cookie");
    expect(setCookie).toContain("loja_toast=");
    const cookie = sessionCookieOf(setCookie);
    expect((await getSessionCustomer(get(cookie)))?.customer.name).toBe("Fernanda Lima de Souza");
    expect((await getSession(get(cookie))).get("expiresAt")).toBe(before);
    const page = await loadAccountPage(await requestArgs(get(cookie)));
    expect(page.profile.values).toMatchObject({
      name: "Fernanda Lima de Souza",
      cellPhone: "(81) 98888-7777",
      zipcode: "50050-000",
    });
  });

  it("answers an invalid CPF with the spec's message and every typed value", async () => {
    const maria = await signUpAndLogIn();
    const { data, status } = await run(maria.cookie, {
      intent: "profile",
      ...profile,
      name: "Fernanda Nova Silva",
      cpf: "111.111.111-11",
    });
    expect(status).toBe(400);
    expect(data.form).toBe("profile");
    expect(data.result.error).toEqual({ cpf: ["CPF inválido"] });
    expect(data.values).toMatchObject({ name: "Fernanda Nova Silva", cpf: "111.111.111-11", street: "Rua da Aurora" });
  });

  it("refuses a city of another state on the server when the CEP is unknown, keeping the lists", async () => {
    const maria = await signUpAndLogIn();
    const { data, status } = await run(maria.cookie, {
      intent: "profile",
      ...profile,
      zipcode: "12345-678",
      cpf: newCpf(),
      city: "Campinas",
    });
    expect(status).toBe(400);
    expect(data.result.error.city).toEqual(["A cidade não pertence ao estado selecionado."]);
    expect(data.cepNotFound).toBe("unknown");
  });

  it("saves the state and city of a found CEP, whatever the form sent (spec §5)", async () => {
    const maria = await signUpAndLogIn();
    const { response } = await run(maria.cookie, {
      intent: "profile",
      ...profile,
      cpf: newCpf(),
      state: "SP",
      city: "Campinas",
    });
    expect(response?.status).toBe(302);
    const page = await loadAccountPage(await requestArgs(get(maria.cookie)));
    expect(page.profile.values).toMatchObject({ zipcode: "50050-000", state: "PE", city: "Recife" });
  });

  it("shows the API's message in a red toast when the CPF belongs to someone else", async () => {
    const ana = await signUpAndLogIn("Ana Beatriz Cavalcanti");
    const bruno = await signUpAndLogIn("Bruno Henrique Farias");
    const { data, status } = await run(ana.cookie, {
      intent: "profile",
      ...profile,
      name: "Ana Beatriz Lins",
      cpf: bruno.cpf,
    });
    expect(status).toBe(409);
    expect(data.toast).toBe("Já existe uma conta com este CPF.");
    expect(data.values.name).toBe("Ana Beatriz Lins");
  });

  it("fills the address from the CEP and focuses the number", async () => {
    const maria = await signUpAndLogIn();
    const { data, status } = await run(maria.cookie, {
      intent: "cep",
      ...profile,
      zipcode: "01310100",
      name: "Ainda digitando",
    });
    expect(status).toBe(200);
    expect(data.values).toMatchObject({
      name: "Ainda digitando",
      zipcode: "01310-100",
      state: "SP",
      city: "São Paulo",
      neighborhood: "Bela Vista",
      street: "Avenida Paulista",
    });
    expect(data.focus).toBe("houseNumber");
    expect(data.cities).toContain("Campinas");
    expect(data.result).toBeUndefined();
  });

  it("keeps the form as typed when the CEP is unknown, and offers state and city as lists", async () => {
    const maria = await signUpAndLogIn();
    const { data } = await run(maria.cookie, { intent: "cep", ...profile, zipcode: "12345-678" });
    expect(data.values).toMatchObject({ zipcode: "12345-678", state: "PE", city: "Recife" });
    expect(data.focus).toBeUndefined();
    expect(data.cepNotFound).toBe("unknown");
  });

  it("keeps state and city read-only after a found CEP or a malformed one", async () => {
    const maria = await signUpAndLogIn();
    expect((await run(maria.cookie, { intent: "cep", ...profile })).data.cepNotFound).toBe(false);
    expect((await run(maria.cookie, { intent: "cep", ...profile, zipcode: "5005" })).data.cepNotFound).toBe(false);
  });

  it("lists the cities of the chosen state while the failed CEP is unchanged", async () => {
    const maria = await signUpAndLogIn();
    const failed = { ...profile, zipcode: "12345-678", cepNaoEncontrado: "12345678" };
    const { data } = await run(maria.cookie, { intent: "cities", ...failed, state: "SP" });
    expect(data.values).toMatchObject({ state: "SP", city: "" });
    expect(data.cities).toContain("Campinas");
    expect(data.cities).not.toContain("Recife");
    expect(data.cepNotFound).toBe("unknown");
    // Another CEP typed since the failed lookup: read-only again until it is looked up.
    const changed = await run(maria.cookie, { intent: "cities", ...failed, zipcode: "50050-000" });
    expect(changed.data.cepNotFound).toBe(false);
  });
});

describe("the /conta action, password form", () => {
  it("changes the password, keeps this session with the fresh token and ends the old one", async () => {
    const maria = await signUpAndLogIn();
    const { response } = await run(maria.cookie, {
      intent: "password",
      currentPassword: maria.password,
      newPassword: "novaSenha9",
      passwordConfirmation: "novaSenha9",
    });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/conta");
    const cookie = sessionCookieOf(response!.headers.get("set-cookie"));
    expect((await loadAccountPage(await requestArgs(get(cookie)))).profile.values.name).toBe(
      "Fernanda Cavalcanti Lima",
    );
    // The old cookie's token was revoked with every other session.
    const stale = (await loadAccountPage(await requestArgs(get(maria.cookie))).catch((error) => error)) as Response;
    expect(stale.headers.get("location")).toBe("/sessao-expirada");
  });

  it("answers a wrong current password with the API's message and no password in the reply", async () => {
    const maria = await signUpAndLogIn();
    const { data, status } = await run(maria.cookie, {
      intent: "password",
      currentPassword: "errada123",
      newPassword: "novaSenha9",
      passwordConfirmation: "novaSenha9",
    });
    expect(status).toBe(400);
    expect(data).toMatchObject({ form: "password", toast: "Senha atual incorreta." });
    expect(JSON.stringify(data)).not.toMatch(/errada123|novaSenha9/);
  });

  it("checks the fields first, with the spec's messages", async () => {
    const maria = await signUpAndLogIn();
    const { data, status } = await run(maria.cookie, {
      intent: "password",
      currentPassword: "",
      newPassword: "novaSenha9",
      passwordConfirmation: "outraSenha9",
    });
    expect(status).toBe(400);
    expect(data.result.error).toEqual({
      currentPassword: ["Informe a senha atual."],
      passwordConfirmation: ["Senhas não correspondem"],
    });
    expect(JSON.stringify(data)).not.toMatch(/novaSenha9|outraSenha9/);
  });
});

describe("the /conta action", () => {
  it("answers 400 to an unknown intent and sends a visitor home", async () => {
    const maria = await signUpAndLogIn();
    const { thrown } = await run(maria.cookie, { intent: "apagar-tudo" });
    expect(thrown).toMatchObject({ init: { status: 400 } });
    const visitor = await run("", { intent: "profile", ...profile });
    expect((visitor.thrown as Response).headers.get("location")).toBe("/");
  });
});

describe("/conta's Quem pode retirar (issue 30)", () => {
  const add = (cookie: string, name: string, cpf: string) => run(cookie, { intent: "add-pickup-person", name, cpf });

  it("names a person, refuses a bad CPF and the account's own with the form kept, and removes", async () => {
    const ana = await signUpAndLogIn("Ana Beatriz Cavalcanti");
    const bad = await add(ana.cookie, "Maria Aparecida Souza", "111.111.111-11");
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "pickup-person",
      result: { initialValue: { name: "Maria Aparecida Souza" }, error: { cpf: ["CPF inválido"] } },
    });
    const own = await add(ana.cookie, "Ana Beatriz Cavalcanti", ana.cpf);
    expect(own.status).toBe(409);
    expect(own.data.result.error.cpf).toEqual(["Este é o CPF da própria conta: você já pode retirar os seus pedidos."]);

    const added = await add(ana.cookie, "Maria Aparecida Souza", newCpf());
    expect(added.status).toBe(302);
    expect(added.response?.headers.get("location")).toBe("/conta#quem-pode-retirar");
    const page = await loadAccountPage(await requestArgs(get(ana.cookie)));
    expect(page.pickupPeople).toMatchObject({ supported: true, people: [{ name: "Maria Aparecida Souza" }] });

    // Another account can neither see nor remove her.
    const bruno = await signUpAndLogIn("Bruno Henrique Farias");
    const brunoPage = await loadAccountPage(await requestArgs(get(bruno.cookie)));
    expect(brunoPage.pickupPeople).toEqual({ supported: true, people: [] });
    const id = page.pickupPeople.supported ? page.pickupPeople.people![0]!.id : "";
    const stolen = await run(bruno.cookie, { intent: "remove-pickup-person", personId: id });
    expect(stolen.status).toBe(302);
    const after = await loadAccountPage(await requestArgs(get(ana.cookie)));
    expect(after.pickupPeople).toMatchObject({ people: [{ id }] });

    const removed = await run(ana.cookie, { intent: "remove-pickup-person", personId: id });
    expect(removed.status).toBe(302);
    expect((await loadAccountPage(await requestArgs(get(ana.cookie)))).pickupPeople).toEqual({
      supported: true,
      people: [],
    });
  });

  it("hides the section for a store API without the calls (decision 0026)", async () => {
    const withoutCalls = { supports: () => false } as unknown as Parameters<typeof loadPickupPeople>[0];
    expect(await loadPickupPeople(withoutCalls)).toEqual({ supported: false });
  });
});

describe("/conta's Avisos pelo WhatsApp (issue 31)", () => {
  it("hides the section while the store has WhatsApp off; a stale form's opt-in is refused and changes nothing", async () => {
    // These tests' store has no WHATSAPP_* settings: WhatsApp is off.
    const carla = await signUpAndLogIn("Carla Regina Menezes");
    expect((await loadAccountPage(await requestArgs(get(carla.cookie)))).whatsapp).toEqual({ shown: false });
    const stale = await run(carla.cookie, { intent: "whatsapp-consent", whatsappConsent: "on" });
    expect(stale.status).toBe(302);
    expect(stale.response?.headers.get("location")).toBe("/conta#avisos-whatsapp");
    const customer = await db
      .selectFrom("customers")
      .select("whatsapp_consent_at")
      .where("id", "=", carla.id)
      .executeTakeFirstOrThrow();
    expect(customer.whatsapp_consent_at).toBeNull();
  });

  it("hides the section for a store API without the calls (decision 0026)", async () => {
    const withoutCalls = { supports: () => false } as unknown as Parameters<typeof loadWhatsappSection>[0];
    expect(await loadWhatsappSection(withoutCalls)).toEqual({ shown: false });
  });
});
