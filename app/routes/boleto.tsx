import { BOLETO_NOT_FOUND } from "#api/contract/orders.ts";
import { barcodeSvg } from "#api/payments/boleto.ts";
import { formatDigitableLine } from "#core/boleto-line.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { PrintButton } from "#app/ui/print-button.tsx";
import { formatBRL } from "#core/money.ts";
import { formatSaleDate, saleStatusLabel } from "#core/sales.ts";
import type { Route } from "./+types/boleto";

export const meta = () => [{ title: "Boleto | Loja Escolar" }, { name: "robots", content: "noindex" }];

/** /boleto/{saleId}: the printable boleto (and its second copy), found by the sale's random id. */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { barcode, digitableLine, ...boleto } = await storeApi(context).getBoleto(params.saleId);
    // Only a pending boleto can be paid (the bundled API sends no numbers for the others).
    if (boleto.status !== "pending" || !barcode || !digitableLine) return { boleto, payable: null };
    // Drawn on the server from the 44 digits: the page needs no script to print.
    return { boleto, payable: { barcode: barcodeSvg(barcode), line: formatDigitableLine(digitableLine) } };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw new Response(BOLETO_NOT_FOUND, { status: 404 });
    throw error;
  }
}

/** Why a boleto that is no longer pending must not be paid; its line and barcode are withheld. */
const NOT_PAYABLE: Record<string, string> = {
  paid: "Pagamento confirmado: este boleto já foi pago.",
  expired: "Este boleto venceu e não pode mais ser pago. Faça um novo pedido na loja.",
  cancelled: "Esta compra foi cancelada: não pague este boleto.",
  declined: "Este pagamento foi recusado: não pague este boleto.",
};

export default function BoletoPage({ loaderData }: Route.ComponentProps) {
  const { boleto, payable } = loaderData;
  return (
    <main className="mx-auto max-w-3xl bg-white p-8 text-slate-900 print:p-0" data-testid="boleto-page">
      <header className="flex items-center justify-between border-b-2 border-slate-900 pb-2">
        <span className="text-lg font-bold">999 | Banco Sandbox</span>
        <PrintButton />
      </header>
      {payable ? (
        <p className="mt-2 break-all text-right font-mono text-lg font-bold" data-testid="boleto-line">
          {payable.line}
        </p>
      ) : (
        <p
          role="alert"
          className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900"
          data-testid="boleto-not-payable"
        >
          {NOT_PAYABLE[boleto.status] ?? NOT_PAYABLE.cancelled}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 border border-slate-400 p-3 text-sm">
        <dt className="text-xs uppercase text-slate-500">Beneficiário</dt>
        <dd>Loja Escolar</dd>
        <dt className="text-xs uppercase text-slate-500">Pagador</dt>
        <dd>
          {boleto.payerName} {boleto.payerCpf ? `(CPF ${boleto.payerCpf})` : ""}
        </dd>
        <dt className="text-xs uppercase text-slate-500">Vencimento</dt>
        <dd className="font-bold">{formatCalendarDate(boleto.dueDate)}</dd>
        <dt className="text-xs uppercase text-slate-500">Valor do documento</dt>
        <dd className="font-bold" data-testid="boleto-amount">
          {formatBRL(boleto.amount)}
        </dd>
        <dt className="text-xs uppercase text-slate-500">Nosso número / referência</dt>
        <dd>{boleto.referenceCode}</dd>
        <dt className="text-xs uppercase text-slate-500">Data do documento</dt>
        <dd>{formatSaleDate(boleto.createdAt)}</dd>
        <dt className="text-xs uppercase text-slate-500">Situação</dt>
        <dd>{saleStatusLabel(boleto.status)}</dd>
      </dl>
      {payable ? (
        <div
          className="mt-6 w-full"
          aria-label="Código de barras"
          role="img"
          dangerouslySetInnerHTML={{ __html: payable.barcode }}
        />
      ) : null}
      <p className="mt-4 text-xs text-slate-500">
        Boleto de ambiente de testes (banco 999): não pague em um banco real.
      </p>
    </main>
  );
}
