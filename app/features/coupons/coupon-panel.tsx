import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CartCoupon } from "#api/contract/carts.ts";
import { formatPercent } from "#core/percent.ts";

/** "Cupom de Desconto" (spec §2): one coupon per purchase, kept while it still applies (0047). */
export function CouponPanel({
  cartId,
  applied,
  available,
  redirectTo,
}: {
  cartId: string;
  applied: CartCoupon | null;
  available: CartCoupon[];
  redirectTo: string;
}) {
  if (!applied && available.length === 0) return null;
  return (
    <section aria-labelledby="coupon-title" className="rounded-xl bg-brand-50 p-4" data-testid="coupon-panel">
      <h3 id="coupon-title" className="font-bold text-brand-900">
        Cupom de desconto
      </h3>
      <p className="mt-1 text-xs text-brand-900/80">
        Apenas um cupom por compra. Se uma alteração no carrinho fizer o cupom deixar de valer, ele é removido e
        avisamos você.
      </p>
      {applied ? (
        <Form
          method="post"
          action="/carrinho"
          preventScrollReset
          className="mt-3 flex items-center justify-between gap-2"
        >
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="coupon-remove" />
          <input type="hidden" name="cartId" value={cartId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="text-sm font-semibold text-emerald-700">Cupom já aplicado! CÓDIGO: {applied.code}</p>
          <button
            type="submit"
            className="rounded-full border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Remover
          </button>
        </Form>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {available.map((coupon) => (
            <li key={coupon.id}>
              <Form method="post" action="/carrinho" preventScrollReset>
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="intent" value="coupon-apply" />
                <input type="hidden" name="cartId" value={cartId} />
                <input type="hidden" name="code" value={coupon.code} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button
                  type="submit"
                  className="w-full rounded-lg border border-dashed border-brand-500 bg-white px-3 py-2 text-left text-sm font-semibold text-brand-700 hover:bg-brand-100"
                >
                  Aplicar cupom de {formatPercent(coupon.percentage)}%: {coupon.code}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
