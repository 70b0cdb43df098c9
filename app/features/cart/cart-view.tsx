import { useId } from "react";
import type { Cart } from "#api/contract/carts.ts";
import type { CartInstallments } from "#core/installments.ts";
import { CartBagTitle, bagKey } from "./cart-bag-title.tsx";
import { CartLine } from "./cart-line.tsx";
import { BagListDiscount } from "./bag-list-discount.tsx";

/**
 * "Carrinho" (spec §2 cart view, in the checkout): one collapsible bag per student, the
 * first open. <details> opens and closes without JavaScript; app.css animates it
 * (300 ms after a 150 ms delay, spec §9).
 */
export function CartView({
  cart,
  installments,
  redirectTo,
}: {
  cart: Cart;
  installments: CartInstallments;
  redirectTo: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      data-testid="cart-view"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        Carrinho
      </h2>
      {cart.bags.map((bag, index) => (
        <details
          key={bagKey(bag)}
          open={index === 0}
          className="cart-bag border-b border-slate-100 last:border-b-0"
          data-testid="cart-view-bag"
        >
          <summary className="flex cursor-pointer items-center justify-between gap-2 py-3">
            <span>
              <CartBagTitle bag={bag} />
            </span>
            <span aria-hidden="true" className="cart-bag-chevron text-slate-500">
              ▾
            </span>
          </summary>
          <ul className="divide-y divide-slate-100 pb-2">
            {bag.cartItems.map((item) => (
              <CartLine
                key={item.cartItemid}
                item={item}
                studentId={bag.studentId}
                redirectTo={redirectTo}
                installments={installments}
              />
            ))}
          </ul>
          <BagListDiscount list={bag.materialList} />
        </details>
      ))}
    </section>
  );
}
