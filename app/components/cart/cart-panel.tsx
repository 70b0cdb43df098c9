import { Link, useLocation } from "react-router";
import { useRootData } from "#app/root.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { STUDENT_NAME_LIMIT, truncate } from "#app/lib/text.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { CloseIcon } from "../ui/icons.tsx";
import { CartLine } from "./cart-line.tsx";
import { CouponPanel } from "./coupon-panel.tsx";

/** "Carrinho de Compras" side panel, opened by ?carrinho=aberto (spec §2). */
export function CartPanel() {
  const { cart, coupons, customer } = useRootData();
  const location = useLocation();
  const closeHref = hrefWithParam(location, URL_STATE.cart.key, null);
  const here = `${location.pathname}${location.search}`;
  const bags = cart?.bags ?? [];
  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <Link to={closeHref} preventScrollReset className="absolute inset-0 bg-black/40" aria-label="Fechar carrinho" tabIndex={-1} />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        className="relative flex h-dvh w-full max-w-md flex-col bg-white shadow-2xl"
      >
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="cart-panel-title" className="text-lg font-bold text-slate-900">
            Carrinho de Compras
          </h2>
          <Link to={closeHref} preventScrollReset className="rounded-full p-1 text-slate-500 hover:bg-slate-100" aria-label="Fechar">
            <CloseIcon />
          </Link>
        </header>
        {bags.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
            <p className="font-semibold text-slate-700">Seu carrinho está vazio.</p>
            <p className="text-sm">
              {customer
                ? "Escolha cursos, fardamento e materiais e adicione para o seu estudante."
                : "Entre na sua conta para montar o carrinho de cada estudante."}
            </p>
            <Link to={closeHref} className="mt-2 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
              Continuar comprando
            </Link>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              {bags.map((bag) => (
                <section key={bag.studentId} className="border-b border-slate-100 py-3" data-testid="cart-bag">
                  <h3 className="font-bold text-slate-900">
                    {bag.name ? truncate(bag.name, STUDENT_NAME_LIMIT) : "Selecionar estudante"}
                    {bag.RA ? <span className="ml-2 text-xs font-normal text-slate-500">RA {bag.RA}</span> : null}
                  </h3>
                  <ul className="divide-y divide-slate-100">
                    {bag.cartItems.map((item) => (
                      <CartLine key={item.cartItemid} item={item} studentId={bag.studentId} redirectTo={here} />
                    ))}
                  </ul>
                </section>
              ))}
              {cart?.cartId ? (
                <div className="py-4">
                  <CouponPanel cartId={cart.cartId} applied={cart.coupon} available={coupons} redirectTo={here} />
                </div>
              ) : null}
            </div>
            {customer && cart ? (
              <footer className="border-t border-slate-200 px-5 py-4" data-testid="cart-footer">
                <p className="flex justify-between text-sm text-slate-600">
                  <span className="font-bold tracking-wide text-slate-800">SUBTOTAL</span>
                  <span className="font-bold text-slate-900">R$ {formatMoney(cart.subtotal)}</span>
                </p>
                {cart.discount > 0 ? (
                  <p className="mt-1 flex justify-between text-sm text-emerald-700">
                    <span>Cupom {cart.coupon?.code}</span>
                    <span>- R$ {formatMoney(cart.discount)}</span>
                  </p>
                ) : null}
                <p className="mt-1 flex justify-between text-base">
                  <span className="font-bold text-slate-800">TOTAL</span>
                  <span className="font-extrabold text-brand-700" data-testid="cart-total">R$ {formatMoney(cart.total)}</span>
                </p>
              </footer>
            ) : null}
          </>
        )}
      </aside>
    </div>
  );
}
