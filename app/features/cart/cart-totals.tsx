import type { Cart } from "#api/contract/carts.ts";
import { formatBRL } from "#core/money.ts";
import { installmentsText } from "#core/price-view.ts";
import { LIST_DISCOUNT_LABEL } from "#core/sales.ts";

/**
 * Subtotal, the material lists' discounts and the coupon's when there are (decision 0072: the
 * coupon applies after the lists'), and the TOTAL (spec §2 cart panel and checkout), all from the
 * store API's reply: the storefront never computes a price. Under the
 * TOTAL, the instalments /compra offers for it ("ou 3x de R$ 33,33 sem juros", decision 0040).
 */
export function CartTotals({
  cart,
  subtotalLabel,
  totalTestId,
  size = "base",
  installments,
}: {
  cart: Pick<Cart, "subtotal" | "listDiscount" | "discount" | "total" | "coupon">;
  subtotalLabel: "SUBTOTAL" | "Subtotal";
  totalTestId: string;
  size?: "base" | "lg";
  /** The count /compra offers for this cart (cartInstallmentView), from the loader. */
  installments: number;
}) {
  const perInstalment = installmentsText(cart.total, installments);
  return (
    <div>
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between text-sm text-slate-600">
          <dt className={subtotalLabel === "SUBTOTAL" ? "font-bold tracking-wide text-slate-800" : undefined}>
            {subtotalLabel}
          </dt>
          <dd className="font-bold text-slate-900">{formatBRL(cart.subtotal)}</dd>
        </div>
        {cart.listDiscount ? (
          <div className="flex justify-between text-sm text-emerald-700" data-testid={`${totalTestId}-list-discount`}>
            <dt>{LIST_DISCOUNT_LABEL}</dt>
            <dd>{`- ${formatBRL(cart.listDiscount)}`}</dd>
          </div>
        ) : null}
        {cart.discount > 0 ? (
          <div className="flex justify-between text-sm text-emerald-700">
            <dt>Cupom {cart.coupon?.code}</dt>
            <dd>{`- ${formatBRL(cart.discount)}`}</dd>
          </div>
        ) : null}
        <div className={`flex justify-between ${size === "lg" ? "text-lg" : "text-base"}`}>
          <dt className="font-bold text-slate-800">TOTAL</dt>
          <dd className="font-extrabold text-brand-700" data-testid={totalTestId}>
            {formatBRL(cart.total)}
          </dd>
        </div>
      </dl>
      {perInstalment ? (
        <p className="text-right text-sm text-slate-600" data-testid={`${totalTestId}-installments`}>
          {perInstalment}
        </p>
      ) : null}
    </div>
  );
}
