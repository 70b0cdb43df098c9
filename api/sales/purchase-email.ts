/**
 * The confirmation e-mail after a purchase (docs/decisions/0010-checkout-and-payment.md):
 * the order's summary per student and, for a boleto, its link and linha digitável. Sent
 * after the purchase is committed; a failure is logged and the purchase stands (the order
 * history has everything too).
 */
import { readableDigitableLine } from "#app/lib/boleto-line.ts";
import { firstName } from "#app/lib/text.ts";
import { formatBRL } from "#app/lib/money.ts";
import type { CustomerRow } from "../customers/customer-repository.ts";
import type { ApiDeps } from "../deps.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { Sale, SaleBag } from "../contract/orders.ts";
import { PAYMENT_METHOD_CODES, PAYMENT_METHOD_LABELS } from "../contract/payment-methods.ts";
import { listBagsOfOwnSale, listSalesOfCustomer } from "./sale-repository.ts";

export function purchaseEmail(to: string, name: string, sale: Sale, bags: SaleBag[]): MailMessage {
  const greeting = `Olá, ${firstName(name) || "cliente"}!`;
  const label = PAYMENT_METHOD_LABELS[sale.paymentMethod.code].option;
  const method =
    sale.paymentMethod.code === PAYMENT_METHOD_CODES.credit
      ? `${label} em ${sale.installments}x (final ${sale.cardLastDigits ?? ""})`
      : label;
  const lines = bags.flatMap((bag) => [
    `${bag.studentName}${bag.studentRA ? ` (RA ${bag.studentRA})` : ""}:`,
    ...bag.items.map((item) => `  ${item.quantity} x ${item.title}: ${formatBRL(item.quantity * item.unitPrice)}`),
  ]);
  const boleto =
    sale.boletoLink && sale.boletoDigitableLine
      ? [
          "",
          "Boleto (vence em " + (sale.boletoDueDate ?? "") + "):",
          sale.boletoLink,
          readableDigitableLine(sale.boletoDigitableLine),
        ]
      : [];
  const totals = [
    `Subtotal: ${formatBRL(sale.subtotal)}`,
    ...(sale.discount > 0 ? [`Cupom ${sale.couponCode ?? ""}: -${formatBRL(sale.discount)}`] : []),
    `Total: ${formatBRL(sale.total)}`,
  ];
  const text = [
    greeting,
    "",
    `Recebemos o seu pedido ${sale.referenceCode} na Loja Escolar.`,
    "",
    ...lines,
    "",
    ...totals,
    `Pagamento: ${method}`,
    ...boleto,
    "",
    "Loja Escolar",
  ].join("\n");
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${text
  .split("\n")
  .map((line) =>
    line.startsWith("http")
      ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
      : `<p>${escapeHtml(line) || "&nbsp;"}</p>`,
  )
  .join("\n")}
</body>
</html>`;
  return { to, subject: `Pedido ${sale.referenceCode} recebido - Loja Escolar`, text, html };
}

export async function sendPurchaseEmail(deps: ApiDeps, customer: CustomerRow, saleId: string): Promise<void> {
  try {
    const sale = (await listSalesOfCustomer(deps, customer.store_id, customer.id)).find(
      (candidate) => candidate.id === saleId,
    );
    if (!sale) return;
    const bags = await listBagsOfOwnSale(deps, customer.store_id, customer.id, saleId);
    await deps.mailer.send(purchaseEmail(customer.email, customer.name, sale, bags));
  } catch (error) {
    console.error("[pagamento] e-mail de confirmação não enviado:", error instanceof Error ? error.message : error);
  }
}

/** The confirmation of a purchase finished away from the customer's request (api/payments/reconciliation.ts). */
export async function sendPurchaseEmailById(deps: ApiDeps, customerId: string, saleId: string): Promise<void> {
  const customer = await deps.db.selectFrom("customers").selectAll().where("id", "=", customerId).executeTakeFirst();
  if (customer) await sendPurchaseEmail(deps, customer, saleId);
}
