import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { storeUnits } from "#app/.server/school-units.server.ts";
import { bagsWithPickup } from "#app/features/orders/pickup.server.ts";
import { SoldItemOption } from "#app/features/orders/sold-item-option.tsx";
import { LineDelivery } from "#app/features/orders/line-delivery.tsx";
import { PickupCode } from "#app/features/orders/pickup-code.tsx";
import { shownPickupCode } from "#app/features/orders/pickup-code.server.ts";
import { PrintButton } from "#app/ui/print-button.tsx";
import { formatBRL } from "#core/money.ts";
import { firstName } from "#core/text.ts";
import { formatSaleDate, LIST_DISCOUNT_LABEL, paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import type { Route } from "./+types/public-receipt";

export const meta = () => [{ title: "Comprovante | Loja Escolar" }, { name: "robots", content: "noindex" }];

/** /comprovantePublico/{saleBagId}/{saleId} (spec §2): one student's receipt, no login, outside the main layout. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = storeApi(context);
  try {
    const [receipt, units] = await Promise.all([
      api.getPublicSaleBag(params.saleId, params.saleBagId),
      storeUnits(api),
    ]);
    // The code of this student's goods, while some are still to pick up (issue 30).
    return { receipt: bagsWithPickup(units, [receipt])[0]!, pickup: await shownPickupCode(receipt.sale) };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404)
      throw new Response("Comprovante não encontrado.", { status: 404 });
    throw error;
  }
}

export default function PublicReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, pickup } = loaderData;
  const { sale } = receipt;
  return (
    <main className="mx-auto max-w-2xl bg-white p-8 text-slate-800 print:p-0" data-testid="public-receipt">
      <header className="flex items-center justify-between border-b border-slate-200 pb-4">
        <img src="/images/logo.svg" alt="Loja Escolar" className="h-10" />
        <PrintButton />
      </header>
      <h1 className="mt-6 text-2xl font-bold">Comprovante de compra</h1>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-500">Estudante</dt>
        {/* Anyone with the link reads it: the child's first name, never the RA, even from a school
            API that answers more (issue 25, point 18). */}
        <dd className="font-semibold" data-testid="receipt-student">
          {firstName(receipt.studentName)}
        </dd>
        <dt className="text-slate-500">Código de referência</dt>
        <dd className="font-semibold">{sale.referenceCode}</dd>
        <dt className="text-slate-500">Data</dt>
        <dd className="font-semibold">{formatSaleDate(sale.createdAt)}</dd>
        <dt className="text-slate-500">Situação</dt>
        <dd className="font-semibold" data-testid="receipt-status">
          {saleStatusLabel(sale.status)}
        </dd>
        <dt className="text-slate-500">Forma de pagamento</dt>
        <dd className="font-semibold">
          {paymentMethodLabel(sale.paymentMethod.code)}
          {sale.paymentMethod.code === PAYMENT_METHOD_CODES.credit
            ? ` em ${sale.installments}x, final ${sale.cardLastDigits ?? ""}`
            : ""}
        </dd>
      </dl>
      {pickup ? (
        <div className="mt-6 print:break-inside-avoid">
          <PickupCode pickup={pickup} compact />
        </div>
      ) : null}
      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left">
            <th className="py-1">Item</th>
            <th className="py-1 text-right">Qtd.</th>
            <th className="py-1 text-right">Valor</th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item) => (
            <tr key={item.itemTOTVSId} className="border-b border-slate-100">
              <td className="py-1">
                {item.title}
                <SoldItemOption item={item} className="text-xs text-slate-700" />
                {item.pickup ? (
                  <span className="block text-xs text-slate-500" data-testid="receipt-pickup">
                    {item.pickup}
                  </span>
                ) : null}
                <LineDelivery delivery={item.delivery} />
              </td>
              <td className="py-1 text-right">{item.quantity}</td>
              <td className="py-1 text-right">{formatBRL(item.quantity * item.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {receipt.listDiscount ? (
            <tr>
              <td className="pt-2" colSpan={2}>
                {LIST_DISCOUNT_LABEL} ({receipt.materialListTitle})
              </td>
              <td className="pt-2 text-right">- {formatBRL(receipt.listDiscount)}</td>
            </tr>
          ) : null}
          <tr>
            <td className="pt-2 font-bold" colSpan={2}>
              Total deste estudante
            </td>
            <td className="pt-2 text-right font-bold">{formatBRL(receipt.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-6 text-xs text-slate-500">
        Total da compra: {formatBRL(sale.total)}
        {sale.listDiscount ? ` (${LIST_DISCOUNT_LABEL.toLowerCase()}: -${formatBRL(sale.listDiscount)})` : ""}
        {sale.discount > 0 ? ` (cupom ${sale.couponCode ?? ""}: -${formatBRL(sale.discount)})` : ""}.
      </p>
    </main>
  );
}
