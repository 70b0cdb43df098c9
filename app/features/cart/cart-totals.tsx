import type { Cart } from "#api/contract/carts.ts";
import { formatMoney } from "#app/lib/money.ts";

/**
 * Subtotal, the coupon's discount when there is one, and the TOTAL (spec §2 cart panel and
 * checkout), all from the store API's reply: the storefront never computes a price.
 */
export function CartTotals({
  cart,
  subtotalLabel,
  totalTestId,
  size = "base",
}: {
  cart: Pick<Cart, "subtotal" | "discount" | "total" | "coupon">;
  subtotalLabel: "SUBTOTAL" | "Subtotal";
  totalTestId: string;
  size?: "base" | "lg";
}) {
  return (
    <dl className="flex flex-col gap-1">
      <div className="flex justify-between text-sm text-slate-600">
        <dt className={subtotalLabel === "SUBTOTAL" ? "font-bold tracking-wide text-slate-800" : undefined}>
          {subtotalLabel}
        </dt>
        <dd className="font-bold text-slate-900">R$ {formatMoney(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 ? (
        <div className="flex justify-between text-sm text-emerald-700">
          <dt>Cupom {cart.coupon?.code}</dt>
          <dd>- R$ {formatMoney(cart.discount)}</dd>
        </div>
      ) : null}
      <div className={`flex justify-between ${size === "lg" ? "text-lg" : "text-base"}`}>
        <dt className="font-bold text-slate-800">TOTAL</dt>
        <dd className="font-extrabold text-brand-700" data-testid={totalTestId}>
          R$ {formatMoney(cart.total)}
        </dd>
      </div>
    </dl>
  );
}
