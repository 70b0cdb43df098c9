/**
 * The WhatsApp messages of the store's events (issue 31; docs/decisions/0080-whatsapp-channel.md):
 * order received, payment confirmed, ready for pickup, a seat freed, back in stock. Each is
 * queued beside its e-mail, in the same transaction, to a customer who opted in
 * (enqueueWhatsapp decides); the e-mail goes anyway, so none carries a fallback. This file is
 * the one home of each event's template parameters; the reminders' are in reminders/.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import { readableDigitableLine } from "#core/boleto-line.ts";
import { brazilDateTime, formatCalendarDate } from "#core/dates.ts";
import { formatPickupCode } from "#core/delivery.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from "#core/payment-methods.ts";
import { completionPath } from "#core/storefront-paths.ts";
import { firstName } from "#core/text.ts";
import type { Database } from "#db/schema.ts";
import { enqueueWhatsapp, type WhatsappOutboxDeps } from "./enqueue-whatsapp.ts";
import type { WhatsappKind } from "./templates.ts";

/** A sale as its messages tell it (the sale e-mails' read of it has all of this). */
export interface SaleForMessage {
  id: string;
  customer_id: string;
  /** The customer's name. */
  name: string;
  reference_code: string;
  status: string;
  payment_method_code: PaymentMethodCode;
  total_cents: number;
  pix_copy_paste: string | null;
  pix_expires_at: string | null;
  boleto_digitable_line: string | null;
  boleto_due_date: string | null;
  pickup_code: string | null;
}

/** A template and its parameters, in order. */
interface TemplateMessage {
  kind: WhatsappKind;
  parameters: string[];
}

/** "Maria", or "cliente" for a name without words: a parameter is never empty. */
export const firstNameOf = (name: string | null | undefined) => firstName(name ?? "") || "cliente";

export const totalOf = (sale: { total_cents: number }) => formatBRL(centsToReais(sale.total_cents));

/** The sale's completion page: how to pay it (the Pix QR, the boleto) and what was bought. */
export const saleUrl = (publicUrl: string, saleId: string) => `${publicUrl}${completionPath(saleId)}`;

/** A pending Pix sale with its code: the message carries the copia e cola and its expiry. */
export function pendingPix(sale: SaleForMessage): { copyPaste: string; expiresAt: string } | null {
  if (sale.status !== "pending" || sale.payment_method_code !== PAYMENT_METHOD_CODES.pix) return null;
  if (!sale.pix_copy_paste || !sale.pix_expires_at) return null;
  return { copyPaste: sale.pix_copy_paste, expiresAt: sale.pix_expires_at };
}

/** A pending boleto with its line: the message carries the readable line and the due date. */
export function pendingBoleto(sale: SaleForMessage): { line: string; dueDate: string } | null {
  if (sale.status !== "pending" || sale.payment_method_code !== PAYMENT_METHOD_CODES.boleto) return null;
  if (!sale.boleto_digitable_line || !sale.boleto_due_date) return null;
  return { line: readableDigitableLine(sale.boleto_digitable_line), dueDate: formatCalendarDate(sale.boleto_due_date) };
}

function orderReceivedMessage(sale: SaleForMessage, publicUrl: string): TemplateMessage {
  const start = [firstNameOf(sale.name), sale.reference_code, totalOf(sale)];
  const pix = pendingPix(sale);
  if (pix) {
    const until = brazilDateTime(pix.expiresAt);
    return { kind: "order-received-pix", parameters: [...start, `${until.time} de ${until.date}`, pix.copyPaste] };
  }
  const boleto = pendingBoleto(sale);
  if (boleto) return { kind: "order-received-boleto", parameters: [...start, boleto.dueDate, boleto.line] };
  return { kind: "order-received", parameters: [...start, `${publicUrl}/conta`] };
}

function paymentConfirmedMessage(sale: SaleForMessage): TemplateMessage {
  const next = sale.pickup_code
    ? `Código de retirada: ${formatPickupCode(sale.pickup_code)}. Retire na unidade quando avisarmos que está pronto.`
    : "Acompanhe o pedido em Minha Conta, na Loja Escolar.";
  return { kind: "payment-confirmed", parameters: [firstNameOf(sale.name), sale.reference_code, totalOf(sale), next] };
}

/** Queues "Pedido recebido" by WhatsApp (with the Pix or the boleto when unpaid). In the purchase e-mail's transaction. */
export async function enqueueOrderReceivedWhatsapp(
  trx: Kysely<Database>,
  deps: WhatsappOutboxDeps & { publicUrl: string },
  sale: SaleForMessage,
): Promise<void> {
  const message = orderReceivedMessage(sale, deps.publicUrl);
  await enqueueWhatsapp(trx, deps, { customerId: sale.customer_id, saleId: sale.id, ...message, fallback: null });
}

/** Queues "Pagamento confirmado" by WhatsApp. In the payment e-mail's transaction. */
export async function enqueuePaymentConfirmedWhatsapp(
  trx: Kysely<Database>,
  deps: WhatsappOutboxDeps,
  sale: SaleForMessage,
): Promise<void> {
  const message = paymentConfirmedMessage(sale);
  await enqueueWhatsapp(trx, deps, { customerId: sale.customer_id, saleId: sale.id, ...message, fallback: null });
}

/** What a unit has ready of a sale, for "Pronto para retirada". */
export interface ReadyAtUnit {
  customerId: string;
  saleId: string;
  name: string;
  referenceCode: string;
  /** Everything of the sale's goods is ready (here); false: part of it. */
  whole: boolean;
  unit: { name: string; address: string; city: string; phone: string };
  /** The unit's pickup hours as the secretary wrote them; null: not written. */
  pickupHours: string | null;
  pickupCode: string | null;
}

/** Queues "Pronto para retirada" by WhatsApp for one unit. In the move's transaction. */
export async function enqueuePickupReadyWhatsapp(
  trx: Kysely<Database>,
  deps: WhatsappOutboxDeps,
  ready: ReadyAtUnit,
): Promise<void> {
  const parameters = [
    firstNameOf(ready.name),
    ready.whole ? "Está tudo pronto para retirada" : "Parte dos itens está pronta para retirada",
    ready.referenceCode,
    ready.unit.name,
    `${ready.unit.address}, ${ready.unit.city}`,
    ready.pickupHours ?? `consulte a secretaria${ready.unit.phone ? `: ${ready.unit.phone}` : ""}`,
    ready.pickupCode ? formatPickupCode(ready.pickupCode) : "que está em Minha Conta",
  ];
  await enqueueWhatsapp(trx, deps, {
    customerId: ready.customerId,
    saleId: ready.saleId,
    kind: "pickup-ready",
    parameters,
    fallback: null,
  });
}

/** The customer's name, for the messages that start from something else (an offer, an alert). */
async function customerName(db: Kysely<Database>, customerId: string): Promise<string> {
  const row = await db.selectFrom("customers").select("name").where("id", "=", customerId).executeTakeFirst();
  return row?.name ?? "";
}

/** Queues "Vaga liberada" by WhatsApp to the parent of a waiting list's offer. In the offer's transaction. */
export async function enqueueSeatOfferWhatsapp(
  db: Kysely<Database>,
  deps: WhatsappOutboxDeps,
  offer: { customerId: string; courseTitle: string; expiresAt: string; link: string },
): Promise<void> {
  if (!deps.whatsapp) return;
  const until = brazilDateTime(offer.expiresAt);
  const parameters = [
    firstNameOf(await customerName(db, offer.customerId)),
    offer.courseTitle,
    `${until.time} de ${until.date}`,
    offer.link,
  ];
  await enqueueWhatsapp(db, deps, { customerId: offer.customerId, kind: "seat-offer", parameters, fallback: null });
}

/** Queues "Produto disponível" by WhatsApp to a customer's "Avise-me" alert. In the return's transaction. */
export async function enqueueBackInStockWhatsapp(
  db: Kysely<Database>,
  deps: WhatsappOutboxDeps,
  alert: { customerId: string; product: string; link: string },
): Promise<void> {
  if (!deps.whatsapp) return;
  const parameters = [firstNameOf(await customerName(db, alert.customerId)), alert.product, alert.link];
  await enqueueWhatsapp(db, deps, { customerId: alert.customerId, kind: "back-in-stock", parameters, fallback: null });
}
