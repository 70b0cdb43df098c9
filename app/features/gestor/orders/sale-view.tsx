/**
 * A sale as the gestor's sale page shows it (docs/decisions/0030-gestor-orders.md): who bought,
 * each student's bag with its items, the totals and coupon, every payment attempt (never card
 * data beyond the brand) and the history of statuses and staff actions.
 */
import { DELIVERY_STATE_LABELS } from "#core/delivery.ts";
import type { GestorSaleDetail } from "#api/contract/gestor/sales.ts";
import { LIST_DISCOUNT_LABEL, paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { brazilDateTime, formatCalendarDate } from "#core/dates.ts";
import { formatBRL } from "#core/money.ts";
import { chosenOption } from "#core/product-options.ts";
import { gestorCard, GestorTable } from "../gestor-ui.tsx";
import { useUnitLabel } from "../unit-options.ts";

const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

function Summary({ sale }: { sale: GestorSaleDetail }) {
  const rows: [string, React.ReactNode][] = [
    ["Situação", <strong key="status">{saleStatusLabel(sale.status)}</strong>],
    ["Data do pedido", when(sale.createdAt)],
    ["Pagamento confirmado em", sale.paidAt ? when(sale.paidAt) : "—"],
    [
      "Cliente",
      <a key="customer" href={`/gestor/clientes/${sale.customer.id}`} className="underline">
        {sale.customer.name} ({sale.customer.email})
      </a>,
    ],
    [
      "Forma de pagamento",
      `${paymentMethodLabel(sale.paymentMethodCode)}${sale.installments > 1 ? ` em ${sale.installments}x` : ""}`,
    ],
    ...(sale.boletoDueDate
      ? [["Vencimento do boleto", formatCalendarDate(sale.boletoDueDate)] as [string, string]]
      : []),
    ["Subtotal", formatBRL(sale.subtotal)],
    ...(sale.listDiscount > 0 ? [[LIST_DISCOUNT_LABEL, `−${formatBRL(sale.listDiscount)}`] as [string, string]] : []),
    ["Cupom", sale.couponCode ? `${sale.couponCode} (−${formatBRL(sale.discount)})` : "Nenhum"],
    ["Total", <strong key="total">{formatBRL(sale.total)}</strong>],
  ];
  return (
    <dl className={`${gestorCard} grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One titled part of the sale page, its heading naming it for screen readers. */
function SaleSection({
  id,
  title,
  gap,
  children,
}: {
  id: string;
  title: string;
  gap: "gap-2" | "gap-3";
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`flex flex-col ${gap}`}>
      <h2 id={id} className="text-base font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SaleView({ sale }: { sale: GestorSaleDetail }) {
  const unitLabel = useUnitLabel();
  return (
    // min-w-0: a wide table scrolls inside its frame instead of widening the grid over the actions.
    <div className="flex min-w-0 flex-col gap-6">
      {sale.acquirerAlert ? (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-900">
          Alerta da operadora: {sale.acquirerAlert}
        </p>
      ) : null}
      <Summary sale={sale} />
      <SaleSection id="venda-sacolas" title="Itens por estudante" gap="gap-3">
        {sale.bags.map((bag) => (
          <GestorTable
            key={bag.id}
            caption={`${bag.studentName}${bag.studentRA ? ` (RA ${bag.studentRA})` : ""}: ${formatBRL(bag.total)}`}
            headers={["Produto", "Unidade", "Quantidade", "Preço unitário", "Preço de tabela", "Total"]}
          >
            <tr>
              <th scope="rowgroup" colSpan={6} className="bg-slate-50 px-3 py-2 text-left font-semibold">
                {bag.studentName}
                {bag.studentRA ? ` · RA ${bag.studentRA}` : ""} · {formatBRL(bag.total)}
                {bag.listDiscount > 0
                  ? ` (${LIST_DISCOUNT_LABEL.toLowerCase()}, ${bag.materialListTitle ?? ""}: −${formatBRL(bag.listDiscount)})`
                  : ""}
              </th>
            </tr>
            {bag.items.map((item) => (
              <tr key={item.itemTOTVSId}>
                <td>
                  <SoldItemTitle item={item} />
                </td>
                <td>{unitLabel(item.unitCode)}</td>
                <td>{item.quantity}</td>
                <td>{formatBRL(item.unitPrice)}</td>
                <td>
                  {formatBRL(item.originalUnitPrice)}
                  {item.originalUnitPrice > item.unitPrice
                    ? ` (−${formatBRL(item.originalUnitPrice - item.unitPrice)})`
                    : ""}
                </td>
                <td>{formatBRL(item.unitPrice * item.quantity)}</td>
              </tr>
            ))}
          </GestorTable>
        ))}
      </SaleSection>
      <SaleSection id="venda-pagamentos" title="Pagamentos e tentativas" gap="gap-2">
        <GestorTable
          caption="Pagamentos e tentativas"
          headers={["Tentativa", "Data", "Forma", "Parcelas", "Bandeira", "Id na operadora", "Situação"]}
        >
          {sale.attempts.map((attempt) => (
            <tr key={attempt.saleId} aria-current={attempt.saleId === sale.id ? "true" : undefined}>
              <td>
                {attempt.attempt}
                {attempt.saleId === sale.id ? " (esta compra)" : ` (${attempt.referenceCode})`}
              </td>
              <td>{when(attempt.createdAt)}</td>
              <td>{paymentMethodLabel(attempt.paymentMethodCode)}</td>
              <td>{attempt.installments}</td>
              <td>{attempt.cardBrand ?? "—"}</td>
              <td className="break-all">{attempt.acquirerId ?? "—"}</td>
              <td>
                {saleStatusLabel(attempt.status)}
                {attempt.declineMessage ? `: ${attempt.declineMessage}` : ""}
              </td>
            </tr>
          ))}
        </GestorTable>
      </SaleSection>
      <SaleSection id="venda-historico" title="Histórico" gap="gap-2">
        <ol className={`${gestorCard} flex flex-col gap-1`} data-testid="sale-history">
          <li>
            <span className="text-slate-600">{when(sale.createdAt)}</span> · Pedido feito pelo cliente
          </li>
          {sale.history.map((entry, i) => (
            <li key={i}>
              <span className="text-slate-600">{when(entry.at)}</span> ·{" "}
              {entry.kind === "status"
                ? `Situação: ${entry.from ? `${saleStatusLabel(entry.from)} → ` : ""}${saleStatusLabel(entry.text)}`
                : `${entry.text} (${entry.actor ?? ""})`}
            </li>
          ))}
        </ol>
      </SaleSection>
    </div>
  );
}

/** The product as sold, with the size chosen under it (issue 28). */
function SoldItemTitle({ item }: { item: GestorSaleDetail["bags"][number]["items"][number] }) {
  const option = chosenOption(item.optionName, item.optionValue);
  return (
    <>
      {item.title}
      {option ? <span className="block text-slate-600">{option}</span> : null}
      {item.deliveryState ? (
        <span className="block text-slate-600">Entrega: {DELIVERY_STATE_LABELS[item.deliveryState]}</span>
      ) : null}
    </>
  );
}
