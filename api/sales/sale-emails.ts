/**
 * The e-mails about a sale, queued in the transaction that changes it (api/mail/mail-outbox.ts,
 * docs/decisions/0020-mail-outbox.md):
 *   - the purchase confirmation (docs/decisions/0010-checkout-and-payment.md), when a cart
 *     becomes a pending or paid sale: the order per student and, for a boleto, its link and
 *     linha digitável;
 *   - "Pagamento confirmado", when a pending sale becomes paid (the gestor's confirm-payment
 *     today; the acquirer's webhook and the reconciliation later);
 *   - "Pedido cancelado" and "Pedido estornado", when the gestor cancels an unpaid sale or
 *     refunds a paid one (issue 25, point 15).
 * Both are composed from what the transaction sees, so the message says what was committed.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only
 * syntax, no api/errors.ts.
 */
import type { Kysely } from "kysely";
import { readableDigitableLine } from "#core/boleto-line.ts";
import { formatPickupCode, PICKUP_CODE_TEXTS, REFUND_AFTER_PICKUP_TEXT, shownDelivery } from "#core/delivery.ts";
import { brazilDateTime, formatCalendarDate } from "#core/dates.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { installmentChoice } from "#core/price-view.ts";
import { chosenOption } from "#core/product-options.ts";
import { isPickedUpAtUnit, pickupText, unitFrom } from "#core/school-units.ts";
import { firstName } from "#core/text.ts";
import { LIST_DISCOUNT_LABEL } from "#core/sales.ts";
import type { Database } from "#db/schema.ts";
import { PAYMENT_METHOD_CODES, PAYMENT_METHOD_LABELS } from "#core/payment-methods.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { enqueueMail, type OutboxDeps } from "../mail/mail-outbox.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { WhatsappOutboxDeps } from "../messages/enqueue-whatsapp.ts";
import { enqueueOrderReceivedWhatsapp, enqueuePaymentConfirmedWhatsapp } from "../messages/event-messages.ts";
import { listUnits } from "../units/repository.ts";
import { boletoLinkOf } from "./boleto-link.ts";
import { saleBagsWithItems } from "./sale-bags.ts";

/** A sale as its e-mails tell it, read in the transaction that changes it. */
async function saleForMail(db: Kysely<Database>, saleId: string) {
  const sale = await db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select([
      "sales.id",
      "sales.customer_id",
      "sales.reference_code",
      "sales.status",
      "sales.payment_method_code",
      "sales.installments",
      "sales.store_id",
    ])
    .select(["sales.card_last4", "sales.subtotal_cents", "sales.discount_cents", "sales.total_cents"])
    .select("sales.list_discount_cents")
    .select(["sales.coupon_code", "sales.boleto_digitable_line", "sales.boleto_due_date"])
    .select("sales.boleto_pdf_url")
    .select(["sales.pix_copy_paste", "sales.pix_expires_at"])
    .select("sales.pickup_code")
    .select(["customers.email", "customers.name"])
    .where("sales.id", "=", saleId)
    .executeTakeFirst();
  if (!sale) throw new Error(`sale ${saleId} not found for its e-mail`);
  // The units as they are now: the e-mail says where to pick up goods today (issue 27).
  const [bags, units] = await Promise.all([saleBagsWithItems(db, saleId), listUnits(db, sale.store_id)]);
  return { ...sale, bags, units };
}

type SaleForMail = Awaited<ReturnType<typeof saleForMail>>;

const greetingOf = (sale: SaleForMail) => `Olá, ${firstName(sale.name) || "cliente"}!`;

function methodOf(sale: SaleForMail): string {
  const label = PAYMENT_METHOD_LABELS[sale.payment_method_code].option;
  return sale.payment_method_code === PAYMENT_METHOD_CODES.credit
    ? `${label}, ${installmentChoice(centsToReais(sale.total_cents), sale.installments)} (final ${sale.card_last4 ?? ""})`
    : label;
}

/** A line's product with the size it was sold in, "Camiseta do uniforme (Tamanho: M)" (issue 28). */
export function soldItemName(item: { title: string; option_name: string | null; option_value: string | null }): string {
  const option = chosenOption(item.option_name, item.option_value);
  return option ? `${item.title} (${option})` : item.title;
}

/**
 * Each student's lines of the order, as every e-mail lists them; `withPickup` (the order and its
 * payment) adds under each good where and when it is picked up.
 */
function orderLines(sale: SaleForMail, withPickup = false): string[] {
  return sale.bags.flatMap((bag) => [
    `${bag.student_name}${bag.student_ra ? ` (RA ${bag.student_ra})` : ""}:`,
    ...bag.items.flatMap((item) => [
      `  ${item.quantity} x ${soldItemName(item)}: ${formatBRL(centsToReais(item.quantity * item.unit_price_cents))}`,
      ...(withPickup && isPickedUpAtUnit(item.type) ? [`    ${pickupText(unitFrom(sale.units, item.unit_code))}`] : []),
    ]),
    // The bag's "Lista completa" discount (docs/decisions/0072-list-discount-and-coupon.md).
    ...(bag.list_discount_cents > 0
      ? [
          `  ${LIST_DISCOUNT_LABEL} (${bag.material_list_title ?? ""}): -${formatBRL(centsToReais(bag.list_discount_cents))}`,
        ]
      : []),
  ]);
}

/** A line the HTML prints large: the pickup code, read at the unit's counter. */
const bigLine = (text: string) => ({ big: text });

/** The text, line by line, as simple HTML (links clickable, everything escaped). */
export function messageOf(
  sale: { email: string },
  subject: string,
  lines: (string | { big: string })[],
): Omit<MailMessage, "id"> {
  const text = lines.map((line) => (typeof line === "string" ? line : line.big)).join("\n");
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${lines
  .map((line) =>
    typeof line !== "string"
      ? `<p style="font-family: 'Courier New', monospace; font-size: 32px; font-weight: bold; letter-spacing: 4px; margin: 8px 0">${escapeHtml(line.big)}</p>`
      : line.startsWith("http")
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line) || "&nbsp;"}</p>`,
  )
  .join("\n")}
</body>
</html>`;
  return { to: sale.email, subject, text, html };
}

/**
 * The pickup code of a sale with goods (issue 30; docs/decisions/0076-pickup-code.md), large in
 * the HTML, with the texts the pages show. The outbox keeps a text and an HTML body and no
 * attachments, so no QR image travels with the e-mail: the link opens it on the receipt.
 */
function pickupCodeLines(sale: SaleForMail, publicUrl: string): (string | { big: string })[] {
  if (!sale.pickup_code) return [];
  // Each student's receipt (/comprovantePublico, no login) shows the sale's code and its QR.
  const receipts = sale.bags.map((bag) => ({
    student: bag.student_name,
    url: `${publicUrl}/comprovantePublico/${encodeURIComponent(bag.id)}/${encodeURIComponent(sale.id)}`,
  }));
  return [
    "",
    `${PICKUP_CODE_TEXTS.title}:`,
    bigLine(formatPickupCode(sale.pickup_code)),
    PICKUP_CODE_TEXTS.present,
    ...(sale.status === "paid" ? [] : [PICKUP_CODE_TEXTS.afterPayment]),
    PICKUP_CODE_TEXTS.whoMayPickUp,
    PICKUP_CODE_TEXTS.qrLink,
    ...(receipts.length === 1
      ? [receipts[0]!.url]
      : receipts.flatMap((receipt) => [`${receipt.student}:`, receipt.url])),
  ];
}

function purchaseEmail(sale: SaleForMail, publicUrl: string): Omit<MailMessage, "id"> {
  const boleto =
    sale.payment_method_code === PAYMENT_METHOD_CODES.boleto && sale.status === "pending" && sale.boleto_digitable_line
      ? [
          "",
          "Boleto (vence em " + formatCalendarDate(sale.boleto_due_date ?? "") + "):",
          boletoLinkOf({ publicUrl }, sale.id, sale.boleto_pdf_url),
          readableDigitableLine(sale.boleto_digitable_line),
        ]
      : [];
  const pixExpiry = sale.pix_expires_at ? brazilDateTime(sale.pix_expires_at) : null;
  const pix =
    sale.payment_method_code === PAYMENT_METHOD_CODES.pix && sale.status === "pending" && sale.pix_copy_paste
      ? [
          "",
          `Pix copia e cola (válido até ${pixExpiry?.time ?? ""} de ${pixExpiry?.date ?? ""}, horário de Brasília):`,
          sale.pix_copy_paste,
          `O QR Code está em ${publicUrl}/conclusao?venda=${encodeURIComponent(sale.id)}`,
        ]
      : [];
  return messageOf(sale, `Pedido ${sale.reference_code} recebido - Loja Escolar`, [
    greetingOf(sale),
    "",
    `Recebemos o seu pedido ${sale.reference_code} na Loja Escolar.`,
    "",
    ...orderLines(sale, true),
    "",
    `Subtotal: ${formatBRL(centsToReais(sale.subtotal_cents))}`,
    ...(sale.list_discount_cents > 0
      ? [`${LIST_DISCOUNT_LABEL}: -${formatBRL(centsToReais(sale.list_discount_cents))}`]
      : []),
    ...(sale.discount_cents > 0
      ? [`Cupom ${sale.coupon_code ?? ""}: -${formatBRL(centsToReais(sale.discount_cents))}`]
      : []),
    `Total: ${formatBRL(centsToReais(sale.total_cents))}`,
    `Pagamento: ${methodOf(sale)}`,
    ...boleto,
    ...pix,
    ...pickupCodeLines(sale, publicUrl),
    "",
    "Loja Escolar",
  ]);
}

function paymentConfirmedEmail(sale: SaleForMail, publicUrl: string): Omit<MailMessage, "id"> {
  return messageOf(sale, `Pagamento confirmado - pedido ${sale.reference_code} - Loja Escolar`, [
    greetingOf(sale),
    "",
    `Confirmamos o pagamento do seu pedido ${sale.reference_code} na Loja Escolar. Obrigado!`,
    "",
    ...orderLines(sale, true),
    "",
    `Valor pago: ${formatBRL(centsToReais(sale.total_cents))}`,
    `Pagamento: ${methodOf(sale)}`,
    ...pickupCodeLines(sale, publicUrl),
    "",
    "Você pode acompanhar o pedido em Minha Conta, na Loja Escolar.",
    "",
    "Loja Escolar",
  ]);
}

/**
 * A card payment the acquirer held for review and then refused: the order the customer was told
 * about is gone from Minha Conta, so they are told why and that the cart waits for them.
 */
function paymentDeclinedEmail(sale: SaleForMail, reason: string | null): Omit<MailMessage, "id"> {
  return messageOf(sale, `Pagamento não aprovado - pedido ${sale.reference_code} - Loja Escolar`, [
    greetingOf(sale),
    "",
    `O pagamento do seu pedido ${sale.reference_code} na Loja Escolar não foi aprovado pela operadora e nada foi cobrado.`,
    ...(reason ? [reason] : []),
    "",
    ...orderLines(sale),
    "",
    "Os itens voltaram para o seu carrinho: finalize a compra de novo com outro cartão, boleto ou Pix.",
    "",
    "Loja Escolar",
  ]);
}

/** Whom and what an e-mail is about, for the gestor's lists of a customer's and a sale's messages (issue 31). */
const aboutOf = (sale: SaleForMail) => ({ customerId: sale.customer_id, saleId: sale.id });

/** Queues "Pagamento não aprovado". Call it in the transaction that moves a pending sale to declined. */
export async function enqueuePaymentDeclinedEmail(
  trx: Kysely<Database>,
  deps: OutboxDeps,
  saleId: string,
  reason: string | null,
): Promise<void> {
  const sale = await saleForMail(trx, saleId);
  await enqueueMail(trx, deps, "payment-declined", paymentDeclinedEmail(sale, reason), aboutOf(sale));
}

/** What the order's and the payment's messages need: the outbox, the store's address, WhatsApp when on. */
type SaleMessageDeps = OutboxDeps & WhatsappOutboxDeps & { publicUrl: string };

/**
 * Queues the purchase confirmation of a sale the customer just made, and its WhatsApp message
 * to a customer who opted in (issue 31). Call it in the transaction that records the sale as
 * pending or paid; `customerId` must own the sale.
 */
export async function enqueuePurchaseEmail(
  trx: Kysely<Database>,
  deps: SaleMessageDeps,
  customerId: string,
  saleId: string,
): Promise<void> {
  const sale = await saleForMail(trx, saleId);
  if (sale.customer_id !== customerId) throw new Error(`sale ${saleId} is not the customer's`);
  await enqueueMail(trx, deps, "purchase", purchaseEmail(sale, deps.publicUrl), aboutOf(sale));
  await enqueueOrderReceivedWhatsapp(trx, deps, sale);
}

/**
 * Queues "Pagamento confirmado", and its WhatsApp message to a customer who opted in (issue 31).
 * Call it in the transaction that moves the sale to paid.
 */
export async function enqueuePaymentConfirmedEmail(
  trx: Kysely<Database>,
  deps: SaleMessageDeps,
  saleId: string,
): Promise<void> {
  const sale = await saleForMail(trx, saleId);
  await enqueueMail(trx, deps, "payment-confirmed", paymentConfirmedEmail(sale, deps.publicUrl), aboutOf(sale));
  await enqueuePaymentConfirmedWhatsapp(trx, deps, sale);
}

/** What the customer does with what they still hold for an unpaid sale that was cancelled. */
function leftoverOf(sale: SaleForMail): string[] {
  if (sale.payment_method_code === PAYMENT_METHOD_CODES.boleto)
    return ["Não pague o boleto deste pedido: ele não vale mais."];
  if (sale.payment_method_code === PAYMENT_METHOD_CODES.pix)
    return ["Não pague o Pix deste pedido: o código não vale mais."];
  return [];
}

function saleCancelledEmail(sale: SaleForMail): Omit<MailMessage, "id"> {
  return messageOf(sale, `Pedido cancelado - pedido ${sale.reference_code} - Loja Escolar`, [
    greetingOf(sale),
    "",
    `O seu pedido ${sale.reference_code} na Loja Escolar foi cancelado pela escola. Nada foi cobrado.`,
    ...leftoverOf(sale),
    "",
    ...orderLines(sale),
    "",
    `Total do pedido: ${formatBRL(centsToReais(sale.total_cents))}`,
    "",
    "Se ainda quiser estes itens, faça um novo pedido na Loja Escolar. Dúvidas: responda pelo Fale conosco.",
    "",
    "Loja Escolar",
  ]);
}

/** The goods a refunded sale's family already picked up, which they keep (0075). */
function pickedUpLines(sale: SaleForMail): string[] {
  const lines = sale.bags.flatMap((bag) =>
    bag.items
      .filter((item) => shownDelivery(sale.status, item) === "picked_up")
      .map((item) => `  ${item.quantity} x ${soldItemName(item)} (${bag.student_name})`),
  );
  return lines.length === 0 ? [] : ["", REFUND_AFTER_PICKUP_TEXT, "Itens já retirados:", ...lines];
}

function saleRefundedEmail(sale: SaleForMail): Omit<MailMessage, "id"> {
  const card = sale.payment_method_code === PAYMENT_METHOD_CODES.credit;
  return messageOf(sale, `Pedido estornado - pedido ${sale.reference_code} - Loja Escolar`, [
    greetingOf(sale),
    "",
    `A escola estornou o seu pedido ${sale.reference_code} na Loja Escolar.`,
    `Valor estornado: ${formatBRL(centsToReais(sale.total_cents))}`,
    `Pagamento: ${methodOf(sale)}`,
    card
      ? "O estorno aparece na fatura do cartão em até duas faturas, conforme o banco emissor."
      : "O valor volta pela mesma forma de pagamento, em até 10 dias úteis.",
    "",
    ...orderLines(sale),
    ...pickedUpLines(sale),
    "",
    "Dúvidas: responda pelo Fale conosco.",
    "",
    "Loja Escolar",
  ]);
}

/** Queues "Pedido cancelado". Call it in the transaction that moves an unpaid sale to cancelled. */
export async function enqueueSaleCancelledEmail(
  trx: Kysely<Database>,
  deps: OutboxDeps,
  saleId: string,
): Promise<void> {
  const sale = await saleForMail(trx, saleId);
  await enqueueMail(trx, deps, "sale-cancelled", saleCancelledEmail(sale), aboutOf(sale));
}

/** Queues "Pedido estornado". Call it in the transaction that moves a paid sale to refunded. */
export async function enqueueSaleRefundedEmail(trx: Kysely<Database>, deps: OutboxDeps, saleId: string): Promise<void> {
  const sale = await saleForMail(trx, saleId);
  await enqueueMail(trx, deps, "sale-refunded", saleRefundedEmail(sale), aboutOf(sale));
}
