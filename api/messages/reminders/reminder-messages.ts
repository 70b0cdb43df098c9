/**
 * What each reminder says (issue 31; docs/decisions/0080-whatsapp-channel.md): the WhatsApp
 * template's parameters and the same news as an e-mail (subject, text and simple HTML), which is
 * the WhatsApp message's fallback for a customer who opted in and the reminder itself for anyone
 * else. The one home of the reminders' texts; api/messages/reminders/reminders.ts picks who gets one.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import { brazilDateTime } from "#core/dates.ts";
import { counted } from "#core/text.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { boletoLinkOf } from "../../sales/boleto-link.ts";
import { messageOf } from "../../sales/sale-emails.ts";
import { firstNameOf, pendingBoleto, pendingPix, saleUrl, totalOf, type SaleForMessage } from "../event-messages.ts";
import type { WhatsappKind } from "../templates.ts";

/** A reminder as queued: by WhatsApp (kind and parameters) or, else, as the e-mail. */
export interface ReminderMessage {
  kind: WhatsappKind;
  parameters: string[];
  email: Omit<MailMessage, "id">;
}

/** A sale as its reminders tell it: the customer's address too, and the boleto's PDF. */
export interface SaleForReminder extends SaleForMessage {
  email: string;
  boleto_pdf_url: string | null;
}

const SIGNATURE = ["", "Loja Escolar"];

/** "Pix perto de expirar": the copia e cola again and the page with its QR. null: no Pix to pay. */
export function pixExpiringReminder(sale: SaleForReminder, publicUrl: string): ReminderMessage | null {
  const pix = pendingPix(sale);
  if (!pix) return null;
  const name = firstNameOf(sale.name);
  const { time } = brazilDateTime(pix.expiresAt);
  const ref = sale.reference_code;
  return {
    kind: "pix-expiring",
    parameters: [name, ref, totalOf(sale), time, pix.copyPaste],
    email: messageOf(sale, `O Pix do pedido ${ref} expira às ${time} - Loja Escolar`, [
      `Olá, ${name}!`,
      "",
      `O Pix do seu pedido ${ref} (${totalOf(sale)}) expira às ${time} (horário de Brasília).`,
      "",
      "Pix copia e cola:",
      pix.copyPaste,
      "",
      "O QR Code está em:",
      saleUrl(publicUrl, sale.id),
      ...SIGNATURE,
    ]),
  };
}

/** "Boleto vence amanhã": its line and its PDF. null: no boleto to pay. */
export function boletoDueTomorrowReminder(sale: SaleForReminder, publicUrl: string): ReminderMessage | null {
  const boleto = pendingBoleto(sale);
  if (!boleto) return null;
  const name = firstNameOf(sale.name);
  const ref = sale.reference_code;
  return {
    kind: "boleto-due-tomorrow",
    parameters: [name, ref, totalOf(sale), boleto.dueDate, boleto.line],
    email: messageOf(sale, `O boleto do pedido ${ref} vence amanhã - Loja Escolar`, [
      `Olá, ${name}!`,
      "",
      `O boleto do seu pedido ${ref} (${totalOf(sale)}) vence amanhã, ${boleto.dueDate}.`,
      "",
      "Linha digitável:",
      boleto.line,
      "",
      "Boleto:",
      boletoLinkOf({ publicUrl }, sale.id, sale.boleto_pdf_url),
      ...SIGNATURE,
    ]),
  };
}

/** "Pedido aguardando pagamento": the order's page, which says how to pay it. */
export function orderUnpaidReminder(sale: SaleForReminder, publicUrl: string): ReminderMessage {
  const name = firstNameOf(sale.name);
  const ref = sale.reference_code;
  const link = saleUrl(publicUrl, sale.id);
  return {
    kind: "order-unpaid",
    parameters: [name, ref, totalOf(sale), link],
    email: messageOf(sale, `O pedido ${ref} aguarda o pagamento - Loja Escolar`, [
      `Olá, ${name}!`,
      "",
      `O seu pedido ${ref} na Loja Escolar, de ${totalOf(sale)}, ainda aguarda o pagamento.`,
      "",
      "Veja como pagar:",
      link,
      "",
      "Se já pagou, desconsidere esta mensagem: a confirmação pode levar algumas horas.",
      ...SIGNATURE,
    ]),
  };
}

/** "Carrinho com itens": how many, and the cart opened on the storefront. */
export function cartLeftReminder(
  customer: { name: string; email: string },
  items: number,
  publicUrl: string,
): ReminderMessage {
  const name = firstNameOf(customer.name);
  const what = counted(items, "item", "itens");
  const link = `${publicUrl}/?carrinho=aberto`;
  return {
    kind: "cart-left",
    parameters: [name, what, link],
    email: messageOf(customer, "Você deixou itens no carrinho - Loja Escolar", [
      `Olá, ${name}!`,
      "",
      `Você deixou ${what} no carrinho da Loja Escolar.`,
      "",
      "Para finalizar a compra:",
      link,
      ...SIGNATURE,
    ]),
  };
}
