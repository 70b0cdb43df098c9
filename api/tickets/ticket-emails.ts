/**
 * The two e-mails of a "Fale conosco" ticket (docs/decisions/0023-support-tickets.md), queued in
 * the transaction that stores it (api/mail/mail-outbox.ts):
 *   - to the central (CONTACT_EMAIL): the whole message, with the sender's contacts;
 *   - to the sender: the protocol and the subject only. The form takes any address, so the
 *     confirmation never repeats what was typed in the message: it cannot carry someone's text
 *     to a stranger's inbox.
 * And a gestor's reply from the area (decision note 0033), queued with the reply it carries: the
 * staff's words, the protocol and the subject, never the sender's own message, for that reason.
 */
import { brazilDateTime } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { firstName } from "#core/text.ts";
import { SUPPORT_SUBJECTS, type SupportSubject } from "#core/validation/support-fields.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { MailMessage } from "../mail/mailer.ts";

export interface TicketForMail {
  protocol: string;
  name: string;
  email: string;
  phone: string | null;
  ra: string | null;
  subject: SupportSubject;
  message: string;
  createdAt: string;
  /** Whether the sender was logged in (the message then belongs to an account). */
  withAccount: boolean;
}

const page = (paragraphs: string[]) => `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${paragraphs.map((paragraph) => `  <p>${paragraph}</p>`).join("\n")}
</body>
</html>`;

/** The message for the store's central, to answer by e-mail or phone. */
export function ticketToCentralEmail(to: string, ticket: TicketForMail): MailMessage {
  const subject = SUPPORT_SUBJECTS[ticket.subject];
  const { date, time } = brazilDateTime(ticket.createdAt);
  const details: [string, string][] = [
    ["Protocolo", ticket.protocol],
    ["Recebida em", `${date} às ${time}`],
    ["Assunto", subject],
    ["Nome", ticket.name],
    ["E-mail", ticket.email],
    ["Telefone", ticket.phone ? maskPhone(ticket.phone) : "não informado"],
    ["RA do aluno", ticket.ra ?? "não informado"],
    ["Conta na loja", ticket.withAccount ? "sim (cliente logado)" : "não (visitante)"],
  ];
  const text = [
    "Nova mensagem pelo Fale conosco da Loja Escolar.",
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    "Mensagem:",
    ticket.message,
  ].join("\n");
  const html = page([
    "Nova mensagem pelo Fale conosco da Loja Escolar.",
    details.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value)}`).join("<br>"),
    `<strong>Mensagem:</strong><br>${escapeHtml(ticket.message).replace(/\n/g, "<br>")}`,
  ]);
  return { to, subject: `Fale conosco ${ticket.protocol}: ${subject}`, text, html };
}

/** The sender's receipt: the protocol to quote. */
export function ticketReceiptEmail(ticket: TicketForMail): MailMessage {
  const greeting = `Olá, ${firstName(ticket.name) || "cliente"}!`;
  const lines = [
    `Recebemos sua mensagem sobre "${SUPPORT_SUBJECTS[ticket.subject]}". Protocolo ${ticket.protocol}.`,
    "Nossa central vai responder pelo e-mail ou telefone informados. Se falar conosco antes disso, cite o protocolo.",
    "Se você não escreveu para a Loja Escolar, ignore este e-mail.",
  ];
  const text = [greeting, "", ...lines, "", "Loja Escolar"].join("\n");
  const html = page([escapeHtml(greeting), ...lines.map(escapeHtml), "Loja Escolar"]);
  return { to: ticket.email, subject: `Recebemos sua mensagem: protocolo ${ticket.protocol}`, text, html };
}

/** A reply written in the gestor area, to the ticket's sender. */
export function ticketAnswerEmail(
  ticket: Pick<TicketForMail, "protocol" | "name" | "email" | "subject">,
  answer: { message: string; staffName: string },
): MailMessage {
  const greeting = `Olá, ${firstName(ticket.name) || "cliente"}!`;
  const intro = `Esta é a resposta à sua mensagem sobre "${SUPPORT_SUBJECTS[ticket.subject]}", protocolo ${ticket.protocol}.`;
  const closing = `Se precisar de algo mais, escreva pelo Fale conosco da loja e cite o protocolo ${ticket.protocol}.`;
  const signature = `${answer.staffName}, Loja Escolar`;
  const text = [greeting, "", intro, "", answer.message, "", closing, "", signature].join("\n");
  const html = page([
    escapeHtml(greeting),
    escapeHtml(intro),
    escapeHtml(answer.message).replace(/\n/g, "<br>"),
    escapeHtml(closing),
    escapeHtml(signature),
  ]);
  return { to: ticket.email, subject: `Resposta ao seu contato: protocolo ${ticket.protocol}`, text, html };
}
