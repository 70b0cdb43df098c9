import type { Cart, CartCoupon } from "#api/contract/carts.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { CartTotals } from "#app/features/cart/cart-totals.tsx";
import { CouponPanel } from "#app/features/coupons/coupon-panel.tsx";

/**
 * Step 3 (spec §2): the cart (on phones; beside the steps from 769 px), the coupon panel,
 * the TOTAL and the payment form.
 */
export function PaymentStep({
  cart,
  coupons,
  children,
  form,
  installments,
}: {
  cart: Cart;
  /** The count /compra offers for this cart (cartInstallmentView), from the loader. */
  installments: number;
  coupons: CartCoupon[];
  children?: React.ReactNode;
  form: React.ReactNode;
}) {
  return (
    <section aria-labelledby="payment-step-title" className="flex flex-col gap-4">
      <h2 id="payment-step-title" className="text-xl font-bold text-slate-900">
        Pagamento
      </h2>
      {children}
      {cart.cartId ? (
        <CouponPanel cartId={cart.cartId} applied={cart.coupon} available={coupons} redirectTo={CHECKOUT_PATH} />
      ) : null}
      <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="checkout-totals">
        <CartTotals
          cart={cart}
          subtotalLabel="Subtotal"
          totalTestId="checkout-total"
          size="lg"
          installments={installments}
        />
      </div>
      {form}
    </section>
  );
}
