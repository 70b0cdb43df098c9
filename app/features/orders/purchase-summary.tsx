/** /conclusao's page (spec §3): what is left to pay first, then the items, the payment and the buyer. */
import { Link } from "react-router";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import { CopyButton } from "#app/ui/copy-button.tsx";
import { readableDigitableLine } from "#core/boleto-line.ts";
import { formatCpf } from "#core/cpf.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { formatBRL } from "#core/money.ts";
import { installmentChoice } from "#core/price-view.ts";
import { DeclinedPayment, UnpaidPaymentPage } from "./declined-payment.tsx";
import { LIST_DISCOUNT_LABEL, paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { SelfRefresh } from "./self-refresh.tsx";
import { SoldItemOption } from "./sold-item-option.tsx";
import { PixPayment } from "./pix-payment.tsx";
import { PickupCode } from "./pickup-code.tsx";
import type { loadPurchaseComplete } from "./purchase-complete.server.ts";

type PurchaseCompleteData = Awaited<ReturnType<typeof loadPurchaseComplete>>;

export function PurchaseComplete({ loaderData }: { loaderData: PurchaseCompleteData }) {
  const { purchase } = loaderData;
  if ("declined" in loaderData && loaderData.declined) return <DeclinedPayment message={loaderData.declined} />;
  if ("unpaidPage" in loaderData && loaderData.unpaidPage)
    return <UnpaidPaymentPage paymentPageUrl={loaderData.unpaidPage} />;
  if (!purchase) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Nenhuma compra recente</h1>
        <p className="mt-2 text-slate-600">Quando você finalizar uma compra, o resumo aparece aqui.</p>
        <Link to="/" className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
          Voltar para a loja
        </Link>
      </div>
    );
  }
  const { customer, sale, bags, boletoBarcode, pixQr, sandboxPix, pickup } = purchase;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" data-testid="purchase-complete">
      <header className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Pedido recebido!</h1>
        <p className="mt-1 text-slate-600">
          Situação: <strong data-testid="sale-status">{saleStatusLabel(sale.status)}</strong>
        </p>
        {sale.status === "processing" ? (
          // The acquirer's answer is not known yet (docs/decisions/0018-payment-flow.md): nothing is
          // promised about a boleto or a payment until it is.
          <p
            className="mx-auto mt-3 max-w-xl rounded-xl bg-amber-50 p-4 text-sm text-amber-900"
            data-testid="processing-note"
          >
            <SelfRefresh active />
            Ainda aguardamos a resposta da operadora de pagamento, e esta página se atualiza sozinha. Você receberá um
            e-mail quando o pagamento for confirmado e pode acompanhar a situação do pedido em{" "}
            <Link to="/conta#pedidos" className="font-semibold underline">
              Minha Conta
            </Link>
            .
          </p>
        ) : null}
      </header>

      {/* What is left to do comes first: a Pix still to pay leads with its QR, its copia e cola
          and its expiry (issue 25, point 8); the order's details follow. */}
      <PixPayment sale={sale} qrDataUrl={pixQr} sandbox={sandboxPix} />

      {pickup ? <PickupCode pickup={pickup} /> : null}

      <PurchaseSection id="items" title="Itens por estudante">
        {bags.map((bag) => (
          <div key={bag.id} className="mt-3" data-testid="purchase-bag">
            <h3 className="font-semibold text-slate-800">
              {bag.studentName}
              {bag.studentRA ? (
                <span className="ml-2 text-xs font-normal text-slate-500">RA {bag.studentRA}</span>
              ) : null}
            </h3>
            <ul className="mt-1 divide-y divide-slate-100 text-sm">
              {bag.items.map((item) => (
                <li key={item.itemTOTVSId} className="flex justify-between gap-3 py-1">
                  <span>
                    {item.quantity} x {item.title}
                    <SoldItemOption item={item} className="text-xs text-slate-700" />
                    {item.pickup ? (
                      <span className="block text-xs text-slate-500" data-testid="purchase-item-pickup">
                        {item.pickup}
                      </span>
                    ) : null}
                  </span>
                  <span className="whitespace-nowrap">{formatBRL(item.quantity * item.unitPrice)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-slate-500">
              <Link to={`/comprovantePublico/${bag.id}/${sale.id}`} className="font-semibold text-brand-600 underline">
                Comprovante deste estudante
              </Link>
            </p>
          </div>
        ))}
      </PurchaseSection>

      <PurchaseSection id="payment" title="Pagamento">
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <Info label="Subtotal" value={formatBRL(sale.subtotal)} />
          {sale.listDiscount ? <Info label={LIST_DISCOUNT_LABEL} value={`- ${formatBRL(sale.listDiscount)}`} /> : null}
          {sale.discount > 0 ? (
            <Info label={`Cupom ${sale.couponCode ?? ""}`} value={`- ${formatBRL(sale.discount)}`} />
          ) : null}
          <Info label="Total" value={formatBRL(sale.total)} testId="sale-total" />
          <Info label="Forma de pagamento" value={paymentMethodLabel(sale.paymentMethod.code)} />
          {sale.paymentMethod.code === PAYMENT_METHOD_CODES.credit ? (
            <>
              <Info label="Parcelas" value={installmentChoice(sale.total, sale.installments)} />
              <Info
                label="Cartão"
                value={`${sale.cardBrand ?? ""} final ${sale.cardLastDigits ?? ""}`}
                testId="card-last-digits"
              />
            </>
          ) : null}
          <Info label="Código de referência" value={sale.referenceCode} testId="reference-code" />
          <Info label="Número da compra" value={sale.id} testId="sale-number" />
        </dl>
        {sale.status === "pending" && sale.boletoLink && sale.boletoDigitableLine ? (
          <div className="mt-4 rounded-xl bg-brand-50 p-4" data-testid="boleto-info">
            {sale.boletoDueDate ? (
              <p className="mb-2 text-sm text-brand-900" data-testid="boleto-due-date">
                Vencimento: <strong>{formatCalendarDate(sale.boletoDueDate)}</strong>
              </p>
            ) : null}
            <p className="text-sm font-semibold text-brand-900">Linha digitável</p>
            <p className="mt-1 break-all font-mono text-sm" data-testid="digitable-line">
              {readableDigitableLine(sale.boletoDigitableLine)}
            </p>
            {boletoBarcode ? (
              <div
                className="mt-3 w-full max-w-md rounded bg-white p-2"
                aria-label="Código de barras do boleto"
                role="img"
                data-testid="boleto-barcode"
                dangerouslySetInnerHTML={{ __html: boletoBarcode }}
              />
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              <CopyButton text={sale.boletoDigitableLine} label="Copiar linha digitável" />
              <a
                href={sale.boletoLink}
                target="_blank"
                rel="noopener"
                className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white"
              >
                Abrir boleto
              </a>
            </div>
          </div>
        ) : null}
      </PurchaseSection>

      <PurchaseSection id="buyer" title="Comprador">
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          <Info label="Nome" value={customer.name} />
          <Info label="E-mail" value={customer.email} />
          <Info label="Telefone" value={maskPhone(customer.cellPhone)} />
          <Info label="CPF" value={formatCpf(customer.cpf)} />
        </dl>
      </PurchaseSection>

      <Link to="/" className="self-center rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
        Voltar para a loja
      </Link>
    </div>
  );
}

function Info({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      {/* A long value without spaces (the order's number, an e-mail) wraps instead of widening a phone's page. */}
      <dd className="min-w-0 text-right font-semibold wrap-anywhere text-slate-800 sm:text-left" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One part of the completion page (spec §3): a titled white panel. */
function PurchaseSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
