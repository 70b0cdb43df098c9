import { describe, expect, it } from "vitest";
import { TICKET_MESSAGES } from "#api/contract/gestor/tickets.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { HONEYPOT_FIELD, sendContactMessage } from "../../support/contact.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { TICKET_TOASTS, ticketAction, ticketListPage, ticketPage } from "./tickets.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

/** A message sent through the storefront's "Fale conosco", as a parent would. */
async function parentWrites(name: string) {
  const email = `${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
  const fields = {
    [HONEYPOT_FIELD]: "",
    name,
    email,
    phone: "(81) 99911-2233",
    ra: "",
    subject: "pedido",
    message: "O kit de material do meu filho ainda não chegou na unidade.",
  };
  await sendContactMessage(await requestArgs(gestorPost("", fields, "/atendimento").request));
  return store.db.selectFrom("support_tickets").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

const post = (ticketId: string, fields: Record<string, string>, cookie = atendente.cookie) =>
  ticketAction(gestorPost(cookie, fields, GESTOR_PATHS.ticket(ticketId)).request, ticketId).then(actionReply);
const repliesOf = (ticketId: string) =>
  store.db.selectFrom("support_ticket_replies").selectAll().where("ticket_id", "=", ticketId).execute();
const statusOf = async (ticketId: string) =>
  (await store.db.selectFrom("support_tickets").select("status").where("id", "=", ticketId).executeTakeFirstOrThrow())
    .status;

describe("Atendimento's list and ticket page", () => {
  it("sends a visitor without a staff session to the login, coming back to the page", async () => {
    const thrown = await thrownBy(ticketListPage(gestorGet(null, `${GESTOR_PATHS.tickets}?status=aberto`)));
    expect(thrown?.status).toBe(302);
    expect(locationOf(thrown)).toBe(loginFor(`${GESTOR_PATHS.tickets}?status=aberto`));
    const ticket = await parentWrites("Visitante Sem Sessão");
    const onPost = await thrownBy(post(ticket.id, { intent: "close" }, ""));
    expect(locationOf(onPost)).toBe(loginFor(GESTOR_PATHS.ticket(ticket.id)));
    expect(await statusOf(ticket.id)).toBe("aberto");
  });

  it("lists the messages with the filters as typed, and finds one by the sender's name", async () => {
    const ticket = await parentWrites("Rosângela Barbosa Tavares");
    const page = await ticketListPage(gestorGet(atendente.cookie, `${GESTOR_PATHS.tickets}?q=Rosângela&status=aberto`));
    expect(page.filters).toEqual({ status: "aberto", from: "", to: "", q: "Rosângela" });
    expect(page.list.rows.map((row) => row.protocol)).toEqual([ticket.protocol]);
    // A filter edited by hand is no filter, never an error.
    const edited = await ticketListPage(gestorGet(atendente.cookie, `${GESTOR_PATHS.tickets}?status=perdido`));
    expect(edited.filters.status).toBe("");
    expect(edited.list.rows.map((row) => row.protocol)).toContain(ticket.protocol);
  });

  it("shows a ticket with its message; an unknown one is the area's 404", async () => {
    const ticket = await parentWrites("Juliana Prado");
    const page = await ticketPage(gestorGet(atendente.cookie, GESTOR_PATHS.ticket(ticket.id)), ticket.id);
    expect(page.ticket).toMatchObject({ protocol: ticket.protocol, name: "Juliana Prado", status: "aberto" });
    expect(page.replies).toEqual([]);
    const unknown = crypto.randomUUID();
    const missing = await thrownBy(ticketPage(gestorGet(atendente.cookie, GESTOR_PATHS.ticket(unknown)), unknown));
    expect(missing?.init?.status).toBe(404);
  });
});

describe("answering, closing and reopening a ticket", () => {
  it("keeps the reply, queues its e-mail and goes back to the ticket with a toast", async () => {
    const ticket = await parentWrites("Patrícia Lins");
    const sent = await post(ticket.id, { intent: "reply", message: "O kit chega na unidade na segunda-feira." });
    expect(sent.status).toBe(302);
    expect(locationOf(sent.response)).toBe(GESTOR_PATHS.ticket(ticket.id));
    expect((await toastOf(sent.response!))?.message).toBe(TICKET_TOASTS.replied);
    expect(await repliesOf(ticket.id)).toMatchObject([{ message: "O kit chega na unidade na segunda-feira." }]);
    expect(await statusOf(ticket.id)).toBe("respondido");
    const mail = await store.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", ticket.email).execute();
    // The sender's copy of the message, then the answer.
    expect(mail.filter((sent) => sent.text_body.includes("O kit chega na unidade na segunda-feira."))).toHaveLength(1);
  });

  it("refuses an empty reply with its message, storing nothing", async () => {
    const ticket = await parentWrites("Renata Queiroz");
    const refused = await post(ticket.id, { intent: "reply", message: "   " });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ message: ["Escreva a resposta."] });
    expect(await repliesOf(ticket.id)).toEqual([]);
    expect(await statusOf(ticket.id)).toBe("aberto");
  });

  it("closes and reopens; a reply to a closed ticket is refused on the form, its text kept", async () => {
    const ticket = await parentWrites("Cláudia Nunes");
    const closed = await post(ticket.id, { intent: "close" });
    expect((await toastOf(closed.response!))?.message).toBe(TICKET_TOASTS.closed);
    expect(await statusOf(ticket.id)).toBe("fechado");

    const late = await post(ticket.id, { intent: "reply", message: "Resposta atrasada." });
    expect(late.status).toBe(400);
    expect(late.data.result.error[""]).toEqual([TICKET_MESSAGES.closed]);
    expect(late.data.result.initialValue).toMatchObject({ message: "Resposta atrasada." });
    expect(await repliesOf(ticket.id)).toEqual([]);

    const reopened = await post(ticket.id, { intent: "reopen" });
    expect((await toastOf(reopened.response!))?.message).toBe(TICKET_TOASTS.reopened);
    expect(await statusOf(ticket.id)).toBe("aberto");
  });

  it("answers an unknown intent with 400, changing nothing", async () => {
    const ticket = await parentWrites("Sônia Freitas");
    const thrown = await thrownBy(post(ticket.id, { intent: "apagar" }));
    expect(thrown?.init?.status).toBe(400);
    expect(await statusOf(ticket.id)).toBe("aberto");
  });
});
