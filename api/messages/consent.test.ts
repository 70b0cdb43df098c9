import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { messages, WHATSAPP_TEXTS } from "../contract/messages.ts";
import { WITHDRAWN } from "./consent.ts";
import { enqueueWhatsapp } from "./enqueue-whatsapp.ts";

const AVAILABILITY = "/messages/whatsapp-availability";
const CONSENT = "/messages/whatsapp-consent";
const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
const NOW = new Date("2026-03-02T12:00:00Z");
const WHATSAPP = { appSecret: "segredo-de-teste", verifyToken: "verificacao-de-teste" };

let on: TestApi;
let off: TestApi;

beforeAll(async () => {
  [on, off] = await Promise.all([createTestApi({ now: NOW, whatsapp: WHATSAPP }), createTestApi({ now: NOW })]);
});
afterEach(() => on.setNow(NOW));
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

const read = (t: TestApi, customer: SignedUpCustomer) => t.call("GET", CONSENT, undefined, { token: customer.token });
const change = (t: TestApi, customer: SignedUpCustomer, body: unknown) =>
  t.call("POST", CONSENT, body, { token: customer.token });

/** A message queued for the customer, as the order's e-mail would queue it beside its own. */
const queue = (t: TestApi, customerId: string) =>
  enqueueWhatsapp(
    t.db,
    { now: () => NOW, whatsapp: {} },
    {
      customerId,
      kind: "back-in-stock",
      parameters: ["Ana", "Calça de Helanca Escolar", "https://loja.test/produto"],
      fallback: null,
    },
  );

describe("WhatsApp consent (issue 31)", () => {
  it("says whether the store sends WhatsApp, to anyone", async () => {
    expect(await on.call("GET", AVAILABILITY)).toEqual({ status: 200, body: { available: true } });
    expect(await off.call("GET", AVAILABILITY)).toEqual({ status: 200, body: { available: false } });
  });

  it("opts in with the date and source, keeps the first date, masks the number, and withdraws", async () => {
    const ana = await signUpAndLogIn(on, { name: "Ana Beatriz Cavalcanti", cellPhone: "(81) 99123-4567" });
    expect(await read(on, ana)).toEqual({
      status: 200,
      body: { available: true, consentedAt: null, source: null, phone: "(81) 9****-4567" },
    });
    const given = await change(on, ana, { consent: true, source: "cadastro" });
    expect(given.status).toBe(200);
    expect(messages.setWhatsappConsent.reply.safeParse(given.body).success).toBe(true);
    expect(given.body).toEqual({
      available: true,
      consentedAt: NOW.toISOString(),
      source: "cadastro",
      phone: "(81) 9****-4567",
    });

    // Ticking the box again later (the checkout) is no new consent: the first date and source stay.
    on.setNow(new Date("2026-03-02T13:30:00Z"));
    expect((await change(on, ana, { consent: true, source: "checkout" })).body).toMatchObject({
      consentedAt: NOW.toISOString(),
      source: "cadastro",
    });
    const withdrawn = await change(on, ana, { consent: false, source: "conta" });
    expect(withdrawn.body).toMatchObject({ consentedAt: null, source: null });
    expect((await read(on, ana)).body).toMatchObject({ consentedAt: null, source: null });
  });

  it("refuses consent while the store has WhatsApp off (409), and changes nothing", async () => {
    const bruno = await signUpAndLogIn(off, { name: "Bruno Henrique Farias" });
    expect((await read(off, bruno)).body).toMatchObject({ available: false, consentedAt: null });
    expect(await change(off, bruno, { consent: true, source: "conta" })).toEqual({
      status: 409,
      body: { error: { message: WHATSAPP_TEXTS.unavailable } },
    });
    expect((await read(off, bruno)).body).toMatchObject({ consentedAt: null });
  });

  it("refuses to opt in without a mobile number (422), and a bad source (400)", async () => {
    const carla = await signUpAndLogIn(on, { name: "Carla Regina Menezes", cellPhone: "(81) 33876-5432" });
    expect((await read(on, carla)).body).toMatchObject({ phone: null });
    expect(await change(on, carla, { consent: true, source: "conta" })).toEqual({
      status: 422,
      body: { error: { message: WHATSAPP_TEXTS.noMobile } },
    });
    const badSource = await change(on, carla, { consent: true, source: "telefone" });
    expect(badSource.status).toBe(400);
    expect(JSON.stringify(badSource.body)).toContain("Origem do consentimento inválida.");
    expect((await read(on, carla)).body).toMatchObject({ consentedAt: null });
  });

  it("answers 401 without a token; a token reads and changes only its own account's consent", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { consent: true, source: "conta" }],
    ] as const)
      expect(await on.call(method, CONSENT, body)).toMatchObject({
        status: 401,
        body: { error: { message: SESSION_EXPIRED } },
      });
    const davi = await signUpAndLogIn(on, { name: "Davi Menezes Filho", cellPhone: "(81) 99111-2222" });
    const elisa = await signUpAndLogIn(on, { name: "Elisa Fernandes Rocha", cellPhone: "(81) 99333-4444" });
    await change(on, davi, { consent: true, source: "conta" });
    // Elisa's token answers Elisa's account: Davi's consent is neither shown nor withdrawn.
    expect((await read(on, elisa)).body).toMatchObject({ consentedAt: null, phone: "(81) 9****-4444" });
    await change(on, elisa, { consent: false, source: "conta" });
    expect((await read(on, davi)).body).toMatchObject({ consentedAt: NOW.toISOString(), phone: "(81) 9****-2222" });
  });

  it("withdrawing cancels the messages still queued, not one already in flight", async () => {
    const fabio = await signUpAndLogIn(on, { name: "Fábio Nogueira Lima" });
    await change(on, fabio, { consent: true, source: "checkout" });
    const queued = (await queue(on, fabio.id))!;
    const inFlight = (await queue(on, fabio.id))!;
    await on.db
      .updateTable("whatsapp_messages")
      .set({ in_flight_at: NOW.toISOString() })
      .where("id", "=", inFlight)
      .execute();
    expect((await change(on, fabio, { consent: false, source: "conta" })).status).toBe(200);
    const rows = await on.db
      .selectFrom("whatsapp_messages")
      .select(["id", "status", "last_error"])
      .where("customer_id", "=", fabio.id)
      .execute();
    expect(rows.find((row) => row.id === queued)).toMatchObject({ status: "cancelled", last_error: WITHDRAWN });
    expect(rows.find((row) => row.id === inFlight)).toMatchObject({ status: "queued", last_error: null });
    // Without consent nothing more is queued.
    expect(await queue(on, fabio.id)).toBeNull();
  });

  it("the data export shows the consent and the messages without their parameters; deletion clears both", async () => {
    const gabriela = await signUpAndLogIn(on, { name: "Gabriela Souza Pinto" });
    await change(on, gabriela, { consent: true, source: "cadastro" });
    await queue(on, gabriela.id);
    const exported = await on.call("GET", `/customers/export-customer-data/${gabriela.id}/store/1`, undefined, {
      token: gabriela.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.customerData.whatsapp).toEqual({
      consent: { consentedAt: NOW.toISOString(), source: "cadastro" },
      messages: [{ kind: "Produto disponível", createdAt: NOW.toISOString(), status: "Na fila" }],
    });
    expect(JSON.stringify(exported.body)).not.toContain("Calça de Helanca Escolar");

    const deleted = await on.call(
      "POST",
      `/customers/delete-customer/${gabriela.id}/store/1`,
      { password: gabriela.password },
      { token: gabriela.token },
    );
    expect(deleted.status).toBeLessThan(300);
    const customer = await on.db
      .selectFrom("customers")
      .select(["whatsapp_consent_at", "whatsapp_consent_source"])
      .where("id", "=", gabriela.id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ whatsapp_consent_at: null, whatsapp_consent_source: null });
    const left = await on.db
      .selectFrom("whatsapp_messages")
      .select("id")
      .where("customer_id", "=", gabriela.id)
      .execute();
    expect(left).toEqual([]);
  });
});
