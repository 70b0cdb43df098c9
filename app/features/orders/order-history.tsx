import { Link } from "react-router";
import { SALE_NOT_FOUND, type Sale, type SaleBag } from "#api/contract/orders.ts";
import type { PickedUpItem } from "./pickup.server.ts";
import { SoldItemOption } from "./sold-item-option.tsx";
import { LineDelivery } from "./line-delivery.tsx";
import { hasLivePickupCode, PickupCode } from "./pickup-code.tsx";
import type { ShownPickupCode } from "./pickup-code.server.ts";

/** A bag of the sale with each item's pickup (bagsWithPickup, from the loader). */
type PickedUpBag = Omit<SaleBag, "items"> & { items: PickedUpItem[] };
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import { readableDigitableLine } from "#core/boleto-line.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { formatBRL } from "#core/money.ts";
import { formatPickupCode, REFUND_AFTER_PICKUP_TEXT } from "#core/delivery.ts";
import { completionPath } from "#core/storefront-paths.ts";
import { formatSaleDate, LIST_DISCOUNT_LABEL, paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { SALE_DETAILS_PARAM } from "#app/lib/url-state.ts";
import { isPixSale, payablePix, pixCodeOver, PIX_INTENTS, PIX_TEXTS } from "./pix.ts";
import { PixCopyPaste, PixSaleForm, pixExpiryText, SandboxPixForm } from "./pix-payment.tsx";
import { productPath } from "#app/lib/product-path.ts";

const statusStyles: Record<string, string> = {
  processing: "bg-amber-100 text-amber-900",
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-800",
  declined: "bg-red-100 text-red-800",
  cancelled: "bg-slate-200 text-slate-700",
  expired: "bg-slate-200 text-slate-700",
  refunded: "bg-slate-200 text-slate-700",
  charged_back: "bg-red-100 text-red-800",
};

export interface SelectedSale {
  id: string;
  /** null when the sale is not this customer's (or could not be read). */
  bags: PickedUpBag[] | null;
  /** The pickup code and its QR while goods are left to pick up (issue 30). */
  pickup: ShownPickupCode | null;
}

/** "Meus pedidos": the sales newest first; a GET link opens one sale's bags, with or without JavaScript. */
export function OrderHistory({
  sales,
  selectedSale,
  sandboxPix = false,
  pixRenewal = true,
}: {
  sales: Sale[] | null;
  selectedSale: SelectedSale | null;
  /** Offer the Pix sandbox's "Simular pagamento" (the bundled API runs the sandbox gateway). */
  sandboxPix?: boolean;
  /** Offer "Gerar novo código Pix": the store API has the call (beyond spec §7, docs/decisions/0026). */
  pixRenewal?: boolean;
}) {
  if (sales === null) {
    return (
      <p className="text-slate-600">Não foi possível carregar seus pedidos agora. Tente novamente em instantes.</p>
    );
  }
  const unknownSelection = selectedSale && !sales.some((sale) => sale.id === selectedSale.id);
  return (
    <div className="flex flex-col gap-4">
      {unknownSelection ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {SALE_NOT_FOUND}
        </p>
      ) : null}
      {sales.length === 0 ? (
        <div className="text-slate-600">
          <p>Você ainda não fez nenhuma compra.</p>
          <Link to="/" className="mt-2 inline-block font-semibold text-brand-600 hover:underline">
            Ir para a loja
          </Link>
        </div>
      ) : (
        <ol className="flex flex-col gap-4">
          {sales.map((sale) => (
            <li key={sale.id}>
              <SaleCard
                sale={sale}
                details={selectedSale?.id === sale.id ? selectedSale : null}
                sandboxPix={sandboxPix}
                pixRenewal={pixRenewal}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function SaleCard({
  sale,
  details,
  sandboxPix,
  pixRenewal,
}: {
  sale: Sale;
  details: SelectedSale | null;
  sandboxPix: boolean;
  pixRenewal: boolean;
}) {
  const headingId = `compra-${sale.id}-titulo`;
  return (
    <article
      id={`compra-${sale.id}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-bold text-slate-900">
            Pedido {sale.referenceCode}
          </h3>
          <p className="text-sm text-slate-600">
            Realizado em <time dateTime={sale.createdAt}>{formatSaleDate(sale.createdAt)}</time>
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-xs font-bold ${statusStyles[sale.status] ?? statusStyles.cancelled}`}
        >
          {saleStatusLabel(sale.status)}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Pagamento">
          {paymentMethodLabel(sale.paymentMethod.code)}
          {sale.paymentMethod.code === PAYMENT_METHOD_CODES.credit && sale.installments > 1
            ? ` em ${sale.installments}x`
            : ""}
          {sale.cardBrand && sale.cardLastDigits ? ` (${sale.cardBrand} final ${sale.cardLastDigits})` : ""}
        </Detail>
        {sale.listDiscount || sale.discount > 0 ? <Detail term="Subtotal">{formatBRL(sale.subtotal)}</Detail> : null}
        {sale.listDiscount ? <Detail term={LIST_DISCOUNT_LABEL}>{`- ${formatBRL(sale.listDiscount)}`}</Detail> : null}
        {sale.discount > 0 ? (
          <Detail
            term={sale.couponCode ? `Cupom ${sale.couponCode}` : "Cupom"}
          >{`- ${formatBRL(sale.discount)}`}</Detail>
        ) : null}
        <Detail term="Total">
          <strong className="text-brand-700">{formatBRL(sale.total)}</strong>
        </Detail>
        {sale.saleBags.length ? (
          <Detail term="Alunos">{sale.saleBags.map((bag) => bag.studentName).join(", ")}</Detail>
        ) : null}
        {hasLivePickupCode(sale) ? (
          <Detail term="Código de retirada">
            <strong className="font-mono tracking-wider" data-testid="order-pickup-code">
              {formatPickupCode(sale.pickupCode!)}
            </strong>
          </Detail>
        ) : null}
        {sale.status === "pending" && sale.boletoDigitableLine ? (
          <Detail term="Linha digitável" wide>
            <span className="break-all font-mono" data-testid="order-digitable-line">
              {readableDigitableLine(sale.boletoDigitableLine)}
            </span>
          </Detail>
        ) : null}
        {sale.status === "pending" && sale.boletoLink ? (
          <Detail term="Boleto" wide>
            <a href={sale.boletoLink} target="_blank" rel="noopener" className="font-semibold text-brand-600 underline">
              Segunda via do boleto
              {sale.boletoDueDate ? ` (vence em ${formatCalendarDate(sale.boletoDueDate)})` : ""}
            </a>
          </Detail>
        ) : null}
      </dl>
      <PixOrder sale={sale} sandboxPix={sandboxPix} pixRenewal={pixRenewal} />
      {details ? (
        <>
          {details.pickup ? (
            <div className="mt-4">
              <PickupCode pickup={details.pickup} compact />
            </div>
          ) : null}
          {sale.status === "refunded" &&
          details.bags?.some((bag) => bag.items.some((item) => item.delivery?.state === "picked_up")) ? (
            <p
              className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800"
              data-testid="order-refund-after-pickup"
            >
              {REFUND_AFTER_PICKUP_TEXT}
            </p>
          ) : null}
          <SaleDetails bags={details.bags} />
          <Link
            to="/conta#pedidos"
            preventScrollReset
            className="mt-3 inline-block text-sm font-semibold text-brand-600 hover:underline"
          >
            Ocultar detalhes
          </Link>
        </>
      ) : (
        <Link
          to={`/conta?${SALE_DETAILS_PARAM}=${encodeURIComponent(sale.id)}#compra-${sale.id}`}
          preventScrollReset
          className="mt-3 inline-block text-sm font-semibold text-brand-600 hover:underline"
        >
          Ver detalhes<span className="sr-only"> do pedido {sale.referenceCode}</span>
        </Link>
      )}
    </article>
  );
}

/** A pending Pix shows its code again, with a link to its QR; an expired one offers a new code (0022-pix). */
function PixOrder({ sale, sandboxPix, pixRenewal }: { sale: Sale; sandboxPix: boolean; pixRenewal: boolean }) {
  const pix = payablePix(sale);
  if (pix) {
    return (
      <div className="mt-3 flex flex-col gap-3 rounded-lg bg-brand-50 p-3 text-sm" data-testid="order-pix">
        <p className="text-slate-700">
          {pixExpiryText(pix.expiresAt)}.{" "}
          <Link to={completionPath(sale.id)} className="font-semibold text-brand-600 underline">
            Ver QR Code do Pix
          </Link>
        </p>
        <PixCopyPaste code={pix.copyPaste} />
        {sandboxPix ? <SandboxPixForm saleId={sale.id} /> : null}
      </div>
    );
  }
  if (pixCodeOver(sale)) {
    return (
      <p className="mt-3 text-sm text-amber-900" data-testid="order-pix-code-over">
        {PIX_TEXTS.codeOver}
      </p>
    );
  }
  if (!isPixSale(sale) || sale.status !== "expired" || !pixRenewal) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm" data-testid="order-pix-expired">
      <p className="text-slate-700">O código Pix expirou sem pagamento.</p>
      <PixSaleForm saleId={sale.id} intent={PIX_INTENTS.renew} label="Gerar novo código Pix" />
    </div>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`flex gap-1 ${wide ? "flex-col sm:col-span-2 sm:flex-row" : ""}`}>
      <dt className="text-slate-500">{term}:</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

function SaleDetails({ bags }: { bags: PickedUpBag[] | null }) {
  if (bags === null) {
    return <p className="mt-3 text-sm text-red-700">{SALE_NOT_FOUND}</p>;
  }
  return (
    <div className="mt-4 flex flex-col gap-4">
      {bags.map((bag) => (
        <section key={bag.id} aria-label={`Itens de ${bag.studentName}`} className="rounded-lg bg-slate-50 p-3">
          <h4 className="font-semibold text-slate-900">
            {bag.studentName}
            {bag.studentRA ? <span className="ml-2 text-sm font-normal text-slate-500">RA {bag.studentRA}</span> : null}
          </h4>
          <ul className="mt-2 divide-y divide-slate-200">
            {bag.items.map((item) => (
              <li key={`${item.itemTOTVSId}-${item.title}`} className="flex items-center gap-3 py-2">
                <img
                  src={item.image}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={productPath(item.categorySlug, item.productSlug)}
                    className="font-medium text-slate-800 hover:text-brand-700"
                  >
                    {item.title}
                  </Link>
                  <SoldItemOption item={item} className="text-xs text-slate-700" />
                  <p className="text-xs text-slate-500">
                    {item.quantity} × {formatBRL(item.unitPrice)}
                    {item.originalUnitPrice > item.unitPrice ? (
                      <span className="ml-1 line-through">{formatBRL(item.originalUnitPrice)}</span>
                    ) : null}
                  </p>
                  {item.pickup ? (
                    <p className="text-xs text-slate-500" data-testid="order-item-pickup">
                      {item.pickup}
                    </p>
                  ) : null}
                  <LineDelivery delivery={item.delivery} />
                </div>
                <span className="text-sm font-semibold text-slate-800">
                  {formatBRL(item.quantity * item.unitPrice)}
                </span>
              </li>
            ))}
          </ul>
          {bag.listDiscount ? (
            <p className="mt-2 text-right text-sm text-emerald-700">
              {LIST_DISCOUNT_LABEL} ({bag.materialListTitle}): - {formatBRL(bag.listDiscount)}
            </p>
          ) : null}
          <p className="mt-2 text-right text-sm text-slate-700">
            Total do aluno: <strong>{formatBRL(bag.total)}</strong>
          </p>
        </section>
      ))}
    </div>
  );
}
