import { describe, expect, it } from "vitest";
import { TICKET_MESSAGES } from "#api/contract/gestor/tickets.ts";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });

async function sendTicket(name: string, { token, at }: { token?: string; at?: string } = {}) {
  if (at) t.setNow(new Date(at));
  const email = `${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
  const reply = await t.call(
    "POST",
    "/tickets/create-ticket",
    { storeId: 1, name, email, subject: "pagamento", ra: "20250001", message: "Meu boleto ainda não foi baixado." },
    { address: randomAddress(), token },
  );
  t.setNow(undefined);
  return { id: reply.body.ticket.id as string, protocol: reply.body.ticket.protocol as string, email };
}
const list = (query: string, token = atendente.token) => t.call("GET", `/gestor/tickets${query}`, undefined, { token });
const auditOf = (ticketId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", ticketId).orderBy("at").execute();

describe("the gestor's tickets", () => {
  it("lists them newest first, filtered by status, day in Recife and text", async () => {
    const older = await sendTicket("Helena Prado", { at: "2026-04-01T14:00:00Z" });
    // 23:30 on 2 April in Recife, already the 3rd in UTC.
    const late = await sendTicket("Ícaro Nunes", { at: "2026-04-03T02:30:00Z" });
    const newer = await sendTicket("Joana Reis", { at: "2026-04-05T15:00:00Z" });
    const protocols = (reply: Awaited<ReturnType<typeof list>>) =>
      reply.body.rows.map((row: { protocol: string }) => row.protocol);

    expect(protocols(await list("?from=2026-04-01&to=2026-04-30"))).toEqual([
      newer.protocol,
      late.protocol,
      older.protocol,
    ]);
    expect(protocols(await list("?from=2026-04-02&to=2026-04-02"))).toEqual([late.protocol]);
    expect(protocols(await list("?q=joana%20r"))).toEqual([newer.protocol]);
    expect(protocols(await list(`?q=${older.email.toUpperCase()}`))).toEqual([older.protocol]);
    expect(protocols(await list(`?q=${late.protocol}`))).toEqual([late.protocol]);
    expect(protocols(await list("?status=fechado&from=2026-04-01&to=2026-04-30"))).toEqual([]);
    // An edited address is no filter rather than an error.
    expect((await list("?from=ontem&status=qualquer&page=x")).status).toBe(200);
  });

  it("replies by e-mail, keeps the reply with who sent it, and marks the ticket respondido", async () => {
    const customer = await signUpAndLogIn(t);
    const ticket = await sendTicket("Lara Campos", { token: customer.token });
    const shown = await t.call("GET", `/gestor/tickets/${ticket.id}`, undefined, { token: atendente.token });
    expect(shown.body.ticket).toMatchObject({ status: "aberto", customerId: customer.id, ra: "20250001" });

    const empty = await t.call(
      "POST",
      `/gestor/tickets/${ticket.id}/reply`,
      { message: "   " },
      { token: atendente.token },
    );
    expect([empty.status, empty.body.error.message]).toEqual([400, "Escreva a resposta."]);
    t.mail.length = 0;
    const answer = "Olá, Lara. O banco confirmou o pagamento hoje; o pedido já aparece como pago.";
    const reply = await t.call(
      "POST",
      `/gestor/tickets/${ticket.id}/reply`,
      { message: answer },
      { token: atendente.token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.ticket.status).toBe("respondido");
    expect(reply.body.replies).toEqual([
      { id: expect.any(String), at: expect.any(String), staffName: "Pessoa atendimento", message: answer },
    ]);
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]).toMatchObject({
      to: ticket.email,
      subject: `Resposta ao seu contato: protocolo ${ticket.protocol}`,
    });
    expect(t.mail[0]!.text).toContain(answer);
    expect(t.mail[0]!.text).toContain(`protocolo ${ticket.protocol}`);
    // Never the sender's own message: the address was typed by anyone.
    expect(t.mail[0]!.text).not.toContain("Meu boleto ainda não foi baixado.");
    const outbox = await t.db.selectFrom("mail_outbox").select("kind").where("recipient", "=", ticket.email).execute();
    expect(outbox.map((row) => row.kind)).toContain("support-ticket-reply");
    const [entry] = await auditOf(ticket.id);
    expect(entry).toMatchObject({
      action: "ticket.reply",
      actor_label: atendente.email,
      summary: `Respondeu a mensagem ${ticket.protocol} por e-mail`,
      before_json: '{"status":"aberto"}',
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ status: "respondido", message: answer });
  });

  it("go with the sender's account when it is deleted (LGPD)", async () => {
    const customer = await signUpAndLogIn(t);
    const ticket = await sendTicket("Olga Meireles", { token: customer.token });
    await t.call("POST", `/gestor/tickets/${ticket.id}/reply`, { message: "Resolvido." }, { token: atendente.token });
    const deleted = await t.call(
      "POST",
      `/customers/delete-customer/${customer.id}/store/1`,
      { password: customer.password },
      { token: customer.token },
    );
    expect(deleted.status).toBe(204);
    const left = await t.db
      .selectFrom("support_ticket_replies")
      .select("id")
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("closes and reopens, refusing a reply while closed, each audited", async () => {
    const ticket = await sendTicket("Mário Dantas");
    const post = (what: string, body?: unknown) =>
      t.call("POST", `/gestor/tickets/${ticket.id}/${what}`, body, { token: admin.token });
    expect((await post("close")).body.ticket.status).toBe("fechado");
    const twice = await post("close");
    expect([twice.status, twice.body.error.message]).toEqual([400, TICKET_MESSAGES.alreadyClosed]);
    t.mail.length = 0;
    const refused = await post("reply", { message: "Resposta tardia." });
    expect([refused.status, refused.body.error.message]).toEqual([400, TICKET_MESSAGES.closed]);
    expect(t.mail).toHaveLength(0);
    expect(
      (await t.db.selectFrom("support_ticket_replies").select("id").where("ticket_id", "=", ticket.id).execute())
        .length,
    ).toBe(0);
    expect((await post("reopen")).body.ticket.status).toBe("aberto");
    const notClosed = await post("reopen");
    expect([notClosed.status, notClosed.body.error.message]).toEqual([400, TICKET_MESSAGES.notClosed]);
    expect((await auditOf(ticket.id)).map((row) => [row.action, row.before_json, row.after_json])).toEqual([
      ["ticket.close", '{"status":"aberto"}', '{"status":"fechado"}'],
      ["ticket.reopen", '{"status":"fechado"}', '{"status":"aberto"}'],
    ]);
    const unknown = await t.call("GET", `/gestor/tickets/${crypto.randomUUID()}`, undefined, { token: admin.token });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, TICKET_MESSAGES.notFound]);
  });

  it("opens to both roles and to no customer", async () => {
    const ticket = await sendTicket("Nina Freitas");
    const customer = await signUpAndLogIn(t);
    for (const token of [customer.token, undefined]) {
      expect((await t.call("GET", "/gestor/tickets", undefined, { token })).status).toBe(401);
      expect((await t.call("GET", `/gestor/tickets/${ticket.id}`, undefined, { token })).status).toBe(401);
      for (const what of ["reply", "close", "reopen"])
        expect(
          (await t.call("POST", `/gestor/tickets/${ticket.id}/${what}`, { message: "Oi, tudo certo." }, { token }))
            .status,
        ).toBe(401);
    }
    expect((await list("", admin.token)).status).toBe(200);
    expect(
      (await t.call("GET", `/gestor/tickets/${ticket.id}`, undefined, { token: admin.token })).body.ticket.status,
    ).toBe("aberto");
  });
});
