import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_NOT_FOUND } from "#api/contract/gestor/customers.ts";
import { DELIVERY_MESSAGES } from "#api/contract/gestor/delivery.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { insertEmail, insertWhatsapp } from "#tests/fixtures/sent-messages.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";

// The gestor's view of the messages the store sent (issue 31): a customer's and a sale's, merged
// newest first with masked recipients, and the Painel's failures of the last day.

const NOW = new Date("2026-11-27T15:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const { t, admin, atendimento, secretaria } = gestorTestApiForFile(["admin", "atendimento", "secretaria"], {
  now: NOW,
});
let otherSecretaria: TestStaff;
let customer: SignedUpCustomer;
let saleId: string;
let otherUnitSaleId: string;
const ids = {} as Record<
  "welcome" | "orderMail" | "whatsappRead" | "whatsappFailed" | "fallback" | "otherUnit",
  string
>;

const get = (path: string, person: TestStaff) => t.call("GET", path, undefined, { token: person.token });

beforeAll(async () => {
  otherSecretaria = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  customer = await signUpAndLogIn(t, {
    name: "Mensagens Responsável",
    email: `mariana.${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`,
  });
  const line = (unit_code: string) => ({
    student_name: "Estudante",
    items: [{ title: "Camisa", quantity: 1, unit_price_cents: 5000, unit_code }],
  });
  saleId = await insertSale(t.db, { customer_id: customer.id, status: "pending", bags: [line("1")] });
  otherUnitSaleId = await insertSale(t.db, { customer_id: customer.id, status: "pending", bags: [line("4")] });
  ids.welcome = await insertEmail(t.db, {
    recipient: customer.email,
    subject: "Bem-vindo à Loja Escolar",
    createdAt: minutesAgo(300),
    customerId: customer.id,
    sentAt: minutesAgo(299),
  });
  ids.orderMail = await insertEmail(t.db, {
    recipient: customer.email,
    subject: "Recebemos o seu pedido",
    createdAt: minutesAgo(120),
    customerId: customer.id,
    saleId,
    sentAt: minutesAgo(119),
  });
  ids.whatsappRead = await insertWhatsapp(t.db, {
    customerId: customer.id,
    saleId,
    kind: "order-received-pix",
    recipient: "5581998765432",
    createdAt: minutesAgo(119),
    status: "read",
    statusAt: minutesAgo(100),
  });
  ids.fallback = await insertEmail(t.db, {
    recipient: customer.email,
    subject: "O seu Pix expira em breve",
    createdAt: minutesAgo(30),
    customerId: customer.id,
    saleId,
  });
  ids.whatsappFailed = await insertWhatsapp(t.db, {
    customerId: customer.id,
    saleId,
    kind: "pix-expiring",
    recipient: "5581998765432",
    createdAt: minutesAgo(31),
    status: "failed",
    statusAt: minutesAgo(30),
    lastError: "131026 Message undeliverable",
    fallbackMailId: ids.fallback,
  });
  ids.otherUnit = await insertWhatsapp(t.db, {
    customerId: customer.id,
    saleId: otherUnitSaleId,
    kind: "order-received",
    recipient: "5581998765432",
    createdAt: minutesAgo(10),
    status: "failed",
    statusAt: minutesAgo(9),
    lastError: "131047 Re-engagement message",
  });
  // Failed two days ago: not the Painel's.
  await insertEmail(t.db, {
    recipient: customer.email,
    subject: "Antigo",
    createdAt: minutesAgo(3000),
    customerId: customer.id,
    failedAt: minutesAgo(2900),
    lastError: "ECONNREFUSED",
  });
});

describe("a customer's and a sale's messages", () => {
  it("merges e-mails and WhatsApp newest first, with statuses, errors and masked recipients", async () => {
    const reply = await get(`/gestor/sales/${saleId}/messages`, atendimento);
    expect(reply.status).toBe(200);
    expect(reply.body.messages.map((message: any) => message.id)).toEqual([
      ids.fallback,
      ids.whatsappFailed,
      ids.whatsappRead,
      ids.orderMail,
    ]);
    const [fallback, failed, read, mail] = reply.body.messages;
    expect(fallback).toMatchObject({ channel: "email", status: "queued", statusAt: null, error: null });
    expect(failed).toEqual({
      id: ids.whatsappFailed,
      channel: "whatsapp",
      title: "Pix perto de expirar",
      recipient: "(81) 9****-5432",
      createdAt: minutesAgo(31),
      status: "failed",
      statusAt: minutesAgo(30),
      error: "131026 Message undeliverable",
      fellBackToEmail: true,
      saleId,
    });
    expect(read).toMatchObject({ status: "read", statusAt: minutesAgo(100), fellBackToEmail: false, error: null });
    expect(mail).toMatchObject({
      channel: "email",
      title: "Recebemos o seu pedido",
      recipient: "m***@exemplo.com.br",
      status: "sent",
      statusAt: minutesAgo(119),
    });
    // Never the full number or address.
    expect(JSON.stringify(reply.body)).not.toMatch(/998765432|mariana\./);
  });

  it("lists every message of the customer for the network, her units' for a secretary", async () => {
    for (const person of [admin, atendimento]) {
      const reply = await get(`/gestor/customers/${customer.id}/messages`, person);
      expect(reply.status).toBe(200);
      expect(reply.body.messages.map((message: any) => message.id).slice(0, 6)).toEqual([
        ids.otherUnit,
        ids.fallback,
        ids.whatsappFailed,
        ids.whatsappRead,
        ids.orderMail,
        ids.welcome,
      ]);
    }
    const own = await get(`/gestor/customers/${customer.id}/messages`, secretaria);
    expect(own.status).toBe(200);
    const shown = own.body.messages.map((message: any) => message.id);
    expect(shown).toContain(ids.welcome);
    expect(shown).toContain(ids.whatsappFailed);
    expect(shown).not.toContain(ids.otherUnit);
  });

  it("is not found for another unit's secretary, an unknown customer or sale", async () => {
    expect(await get(`/gestor/sales/${saleId}/messages`, otherSecretaria)).toMatchObject({
      status: 404,
      body: { error: { message: DELIVERY_MESSAGES.saleNotFound } },
    });
    expect((await get(`/gestor/sales/${otherUnitSaleId}/messages`, secretaria)).status).toBe(404);
    expect((await get(`/gestor/sales/${otherUnitSaleId}/messages`, otherSecretaria)).status).toBe(200);
    expect((await get(`/gestor/customers/${crypto.randomUUID()}/messages`, admin)).body).toEqual({
      error: { message: CUSTOMER_NOT_FOUND },
    });
    expect((await get(`/gestor/sales/not-a-sale/messages`, admin)).status).toBe(404);
  });
});

describe("the Painel's failed messages", () => {
  it("counts and lists the last day's failures, a secretary her units'", async () => {
    const network = await get("/gestor/messages/failed", atendimento);
    expect(network.status).toBe(200);
    const listed = network.body.messages.map((message: any) => message.id);
    expect(listed).toEqual([ids.otherUnit, ids.whatsappFailed]);
    expect(network.body.messages[1]).toMatchObject({
      customer: { id: customer.id, name: "Mensagens Responsável" },
      saleId,
      saleReferenceCode: expect.any(String),
      fellBackToEmail: true,
    });
    expect((await get("/gestor/dashboard", admin)).body.failedMessages).toBe(2);

    const own = await get("/gestor/messages/failed", secretaria);
    expect(own.body.messages.map((message: any) => message.id)).toEqual([ids.whatsappFailed]);
    expect((await get("/gestor/dashboard", secretaria)).body.failedMessages).toBe(1);
    const other = await get("/gestor/messages/failed", otherSecretaria);
    expect(other.body.messages.map((message: any) => message.id)).toEqual([ids.otherUnit]);
    expect((await get("/gestor/dashboard", otherSecretaria)).body.failedMessages).toBe(1);
  });

  it("counts a failed e-mail of the last day too", async () => {
    const id = await insertEmail(t.db, {
      recipient: customer.email,
      subject: "Pedido pronto para retirada",
      createdAt: minutesAgo(5),
      customerId: customer.id,
      saleId,
      failedAt: minutesAgo(4),
      lastError: "EENVELOPE",
    });
    const reply = await get("/gestor/messages/failed", admin);
    expect(reply.body.messages[0]).toMatchObject({ id, channel: "email", status: "failed", error: "EENVELOPE" });
    expect((await get("/gestor/dashboard", admin)).body.failedMessages).toBe(3);
    await t.db.deleteFrom("mail_outbox").where("id", "=", id).execute();
  });

  it("lists every family of the secretary's units, not only the first one found", async () => {
    const before = (await get("/gestor/dashboard", secretaria)).body.failedMessages;
    const added: string[] = [];
    for (const name of ["Primeira Família", "Segunda Família"]) {
      const family = await signUpAndLogIn(t, { name });
      const sale = await insertSale(t.db, {
        customer_id: family.id,
        status: "pending",
        bags: [
          {
            student_name: "Estudante",
            items: [{ title: "Caderno", quantity: 1, unit_price_cents: 900, unit_code: "1" }],
          },
        ],
      });
      added.push(
        await insertWhatsapp(t.db, {
          customerId: family.id,
          saleId: sale,
          kind: "order-unpaid",
          recipient: "5581998760000",
          createdAt: minutesAgo(60),
          status: "failed",
          lastError: "131026 Message undeliverable",
        }),
      );
    }
    const listed = (await get("/gestor/messages/failed", secretaria)).body.messages.map((message: any) => message.id);
    for (const id of added) expect(listed).toContain(id);
    expect((await get("/gestor/dashboard", secretaria)).body.failedMessages).toBe(before + 2);
  });
});
