import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { useRootData } from "#app/root.tsx";
import { usePersonalData } from "#app/lib/personal-data.ts";
import { CHECKOUT_PATH, hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { CloseIcon } from "#app/ui/icons.tsx";
import { useDialogFocus } from "#app/ui/dialog-focus.ts";
import { CloseLink } from "#app/ui/modal.tsx";
import { CartBagTitle, bagKey } from "./cart-bag-title.tsx";
import { CartLine } from "./cart-line.tsx";
import { BagListDiscount } from "./bag-list-discount.tsx";
import { CartTotals } from "./cart-totals.tsx";
import { CouponPanel } from "#app/features/coupons/coupon-panel.tsx";
import type { StudentListEntry } from "#app/features/lists/list-entry-links.ts";

/** "Carrinho de Compras" side panel, opened by ?carrinho=aberto (spec §2). */
export function CartPanel() {
  const { coupons, cartListEntries } = useRootData();
  const { cart, cartInstallments, customer } = usePersonalData();
  const location = useLocation();
  const closeHref = hrefWithParam(location, URL_STATE.cart.key, null);
  const here = `${location.pathname}${location.search}`;
  const bags = cart?.bags ?? [];
  const panel = useRef<HTMLElement>(null);
  useDialogFocus(panel);
  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <CloseLink to={closeHref} backdrop className="absolute inset-0 bg-black/40" />
      <aside
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        tabIndex={-1}
        className="relative flex h-dvh w-full max-w-md flex-col bg-white shadow-2xl outline-none"
      >
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="cart-panel-title" className="text-lg font-bold text-slate-900">
            Carrinho de compras
          </h2>
          <CloseLink to={closeHref} className="rounded-full p-1 text-slate-500 hover:bg-slate-100">
            <CloseIcon />
          </CloseLink>
        </header>
        {bags.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
            <p className="font-semibold text-slate-700">Seu carrinho está vazio.</p>
            <p className="text-sm">Escolha cursos, fardamento e materiais e adicione para o seu estudante.</p>
            <Link
              to={closeHref}
              className="mt-2 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Continuar comprando
            </Link>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              {bags.map((bag) => (
                <section key={bagKey(bag)} className="border-b border-slate-100 py-3" data-testid="cart-bag">
                  <h3>
                    {bag.studentId === null && customer ? (
                      // The checkout's step 2 asks who these items are for.
                      <Link to={CHECKOUT_PATH} className="text-brand-700 underline-offset-2 hover:underline">
                        <CartBagTitle bag={bag} />
                      </Link>
                    ) : (
                      <CartBagTitle bag={bag} />
                    )}
                  </h3>
                  <BagListLink entry={cartListEntries.find((entry) => entry.studentId === bag.studentId)} />
                  <ul className="divide-y divide-slate-100">
                    {bag.cartItems.map((item) => (
                      <CartLine
                        key={item.cartItemid}
                        item={item}
                        studentId={bag.studentId}
                        redirectTo={here}
                        installments={cartInstallments}
                      />
                    ))}
                  </ul>
                  <BagListDiscount list={bag.materialList} />
                </section>
              ))}
              {customer && cart?.cartId ? (
                <div className="py-4">
                  <CouponPanel cartId={cart.cartId} applied={cart.coupon} available={coupons} redirectTo={here} />
                </div>
              ) : null}
            </div>
            {customer && cart ? (
              <footer className="border-t border-slate-200 px-5 py-4" data-testid="cart-footer">
                <CartTotals
                  cart={cart}
                  subtotalLabel="SUBTOTAL"
                  totalTestId="cart-total"
                  installments={cartInstallments?.count ?? 1}
                />
                <Link
                  to={CHECKOUT_PATH}
                  className="mt-3 block rounded-full bg-accent-400 px-5 py-3 text-center font-bold text-brand-900 hover:bg-accent-500"
                >
                  Proceder com pedido
                </Link>
              </footer>
            ) : (
              // Spec §6: the subtotal and the checkout button wait for the login.
              <footer
                className="border-t border-slate-200 px-5 py-4 text-center text-sm text-slate-600"
                data-testid="cart-guest-footer"
              >
                <p>Entre na sua conta para escolher o estudante de cada item e finalizar o pedido.</p>
                <Link
                  to={CHECKOUT_PATH}
                  className="mt-3 block rounded-full bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700"
                >
                  Entrar e continuar
                </Link>
              </footer>
            )}
          </>
        )}
      </aside>
    </div>
  );
}

/** "Lista de material de Lucas" under the bag of a student whose grade has a published list (issue 29). */
function BagListLink({ entry }: { entry: StudentListEntry | undefined }) {
  if (!entry) return null;
  return (
    <p className="mt-1 text-sm">
      <Link to={entry.href} className="font-semibold text-brand-700 hover:underline" data-testid="bag-list-link">
        Lista de material de {entry.firstName}
      </Link>
    </p>
  );
}
