import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPPORT_MESSAGES } from "#core/validation/support-fields.ts";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestApi, TEST_SUPPORT_EMAIL, type TestApi } from "#tests/fixtures/test-api.ts";
import { TICKETS_BY_EMAIL } from "./routes.ts";

// 23:30 in Recife on 31 December is already 2026 in UTC: the protocol's year is the store's.
const lastEveningOf2025 = new Date("2026-01-01T02:30:00Z");
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ now: lastEveningOf2025 });
});
afterAll(() => t.close());

const message = {
  storeId: 1,
  name: "Renata Albuquerque",
  subject: "pagamento",
  message: "Paguei o boleto ontem e o pedido ainda aparece como aguardando pagamento.",
};
let emails = 0;
const uniqueEmail = () => `responsavel.${++emails}.${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
const send = (body: Record<string, unknown>, options: { token?: string; address?: string } = {}) =>
  t.call("POST", "/tickets/create-ticket", body, { address: randomAddress(), ...options });

describe("POST /tickets/create-ticket", () => {
  it("keeps the ticket with a protocol of the year, mails the central the whole message and the sender a receipt", async () => {
    const email = uniqueEmail();
    const before = t.mail.length;
    const reply = await send({
      ...message,
      email: ` ${email.toUpperCase()} `,
      phone: "(81) 99876-5432",
      ra: "20250001",
    });
    expect(reply.status).toBe(201);
    const { protocol } = reply.body.ticket;
    expect(protocol).toMatch(/^2025-\d{6}$/);

    const row = await t.db
      .selectFrom("support_tickets")
      .selectAll()
      .where("protocol", "=", protocol)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Renata Albuquerque",
      email,
      phone: "81998765432",
      ra: "20250001",
      subject: "pagamento",
      status: "aberto",
      customer_id: null,
    });

    const sent = t.mail.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([email, TEST_SUPPORT_EMAIL].sort());
    const central = sent.find((mail) => mail.to === TEST_SUPPORT_EMAIL)!;
    expect(central.subject).toBe(`Fale conosco ${protocol}: Pagamento`);
    expect(central.text).toContain(message.message);
    expect(central.text).toContain(`E-mail: ${email}`);
    expect(central.text).toContain("Telefone: (81) 99876-5432");
    expect(central.text).toContain("RA do aluno: 20250001");
    const receipt = sent.find((mail) => mail.to === email)!;
    expect(receipt.subject).toBe(`Recebemos sua mensagem: protocolo ${protocol}`);
    expect(receipt.text).toContain("Olá, Renata!");
    // The form takes any address: the receipt never carries the message's text to it.
    expect(receipt.text).not.toContain("boleto ontem");
  });

  it("numbers the year's tickets one after another, and files a logged-in customer's under the account", async () => {
    const customer = await signUpAndLogIn(t);
    const first = await send({ ...message, email: uniqueEmail() });
    const second = await send({ ...message, email: customer.email }, { token: customer.token });
    const number = (reply: typeof first) => Number(String(reply.body.ticket.protocol).slice(5));
    expect(number(second)).toBe(number(first) + 1);
    const row = await t.db
      .selectFrom("support_tickets")
      .select("customer_id")
      .where("protocol", "=", second.body.ticket.protocol)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(customer.id);
    // An expired or made-up token is a visitor's message, not a 401 that would lose it.
    const stale = await send({ ...message, email: uniqueEmail() }, { token: "x".repeat(43) });
    expect(stale.status).toBe(201);
  });

  it.each([
    [{ name: "" }, SUPPORT_MESSAGES.nameRequired],
    [{ name: "Visite http://promo.example" }, SUPPORT_MESSAGES.nameInvalid],
    [{ email: "renata@" }, SUPPORT_MESSAGES.emailInvalid],
    [{ phone: "(81) 9987" }, SUPPORT_MESSAGES.phoneIncomplete],
    [{ ra: "RA-2025" }, SUPPORT_MESSAGES.raInvalid],
    [{ subject: "reclamacao" }, SUPPORT_MESSAGES.subjectRequired],
    [{ message: "Oi" }, SUPPORT_MESSAGES.messageLength],
    [{ message: "Mensagem longa demais. ".repeat(90) }, SUPPORT_MESSAGES.messageLength],
  ])("refuses %j in Portuguese and keeps nothing", async (change, expected) => {
    const count = async () =>
      (await t.db.selectFrom("support_tickets").select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
    const before = [await count(), t.mail.length];
    const reply = await send({ ...message, email: uniqueEmail(), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(expected);
    expect([await count(), t.mail.length]).toEqual(before);
  });

  it("limits the messages per e-mail, whatever the address, and per address, whatever the e-mail", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < TICKETS_BY_EMAIL.limit; i++) expect((await send({ ...message, email })).status).toBe(201);
    const refused = await send({ ...message, email });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Você enviou muitas mensagens em pouco tempo\. Tente novamente em \d+ minutos?\.$/,
    );

    const address = randomAddress();
    const fromOneAddress = [];
    for (let i = 0; i < 11; i++)
      fromOneAddress.push((await send({ ...message, email: uniqueEmail() }, { address })).status);
    expect(fromOneAddress.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(fromOneAddress[10]).toBe(429);
  });

  it("read their status in Portuguese in the account's data export, never the code", async () => {
    const customer = await signUpAndLogIn(t);
    await send({ ...message, email: customer.email, subject: "matricula" }, { token: customer.token });
    const exported = await t.call("GET", `/customers/export-customer-data/${customer.id}/store/1`, undefined, {
      token: customer.token,
    });
    expect(exported.body.customerData.supportTickets).toEqual([
      expect.objectContaining({ subject: "matricula", status: "Aberto" }),
    ]);
  });

  it("sent logged in, are in the account's data export and go with the account (LGPD); a visitor's are not", async () => {
    const customer = await signUpAndLogIn(t);
    const own = `/${customer.id}/store/1`;
    await send({ ...message, email: customer.email, subject: "matricula" }, { token: customer.token });
    // Someone else, not logged in, typing the account's e-mail: not this customer's record.
    await send({ ...message, email: customer.email, subject: "outro" });
    const exported = await t.call("GET", `/customers/export-customer-data${own}`, undefined, { token: customer.token });
    expect(exported.body.customerData.supportTickets.map((ticket: { subject: string }) => ticket.subject)).toEqual([
      "matricula",
    ]);
    const deleted = await t.call(
      "POST",
      `/customers/delete-customer${own}`,
      { password: customer.password },
      {
        token: customer.token,
      },
    );
    expect(deleted.status).toBe(204);
    const left = await t.db
      .selectFrom("support_tickets")
      .select("subject")
      .where("email", "=", customer.email)
      .execute();
    expect(left).toEqual([{ subject: "outro" }]);
  });

  it("keeps the ticket and the receipt without a central address", async () => {
    const bare = await createTestApi({ supportEmail: null });
    try {
      const email = uniqueEmail();
      const reply = await bare.call(
        "POST",
        "/tickets/create-ticket",
        { ...message, email },
        { address: randomAddress() },
      );
      expect(reply.status).toBe(201);
      expect(bare.mail.map((mail) => mail.to)).toEqual([email]);
    } finally {
      await bare.close();
    }
  });
});
