/**
 * "Abriu uma vaga": the e-mail of a waiting list's offer, when a seat of a full class is held for
 * the parent first in line (api/stock/seat-offers.ts). As text and as simple HTML, everything
 * escaped. The link carries the offer's token: whoever has the e-mail may open it, and buying
 * still needs the parent's login.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import { brazilDateTime } from "#core/dates.ts";
import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./mailer.ts";

export interface SeatOffer {
  courseTitle: string;
  /** The unit that holds the class ("Colégio Saber - Boa Viagem"). */
  unitName: string;
  /** The offer's page, absolute, with its token. */
  link: string;
  /** Until when the seat is held (ISO). */
  expiresAt: string;
}

export function seatOfferEmail(to: string, offer: SeatOffer): Omit<MailMessage, "id"> {
  const until = brazilDateTime(offer.expiresAt);
  const intro = `Abriu uma vaga na turma que você esperava: ${offer.courseTitle}, da unidade ${offer.unitName}.`;
  const held = `A vaga está reservada para você até ${until.date} às ${until.time} (horário de Brasília). Depois disso, ela passa para a próxima pessoa da lista de espera.`;
  const how = "Abra o link, entre na sua conta, escolha o estudante e finalize a compra dentro do prazo.";
  const why = "Você recebeu este e-mail porque entrou na lista de espera desta turma na Loja Escolar.";
  const text = ["Olá!", "", intro, held, how, "", `Garantir a vaga: ${offer.link}`, "", why, "", "Loja Escolar"].join(
    "\n",
  );
  const href = escapeHtml(offer.link);
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
  <p>Olá!</p>
  <p>${escapeHtml(intro)}</p>
  <p><strong>${escapeHtml(held)}</strong></p>
  <p>${escapeHtml(how)}</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; border-radius: 6px; text-decoration: none">Garantir a vaga</a></p>
  <p>Se o botão não abrir, copie este endereço no navegador:<br><a href="${href}">${href}</a></p>
  <p>${escapeHtml(why)}</p>
  <p>Loja Escolar</p>
</body>
</html>`;
  return { to, subject: `Abriu uma vaga: ${offer.courseTitle} - Loja Escolar`, text, html };
}
