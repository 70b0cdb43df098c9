import { Link, useLocation } from "react-router";
import { formatMoney } from "#core/money.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { AccountMenu, type MenuCustomer } from "#app/features/accounts/account-menu.tsx";
import { BoltIcon, CartIcon, UserIcon } from "#app/ui/icons.tsx";

export function CartButton({ count, total, className = "" }: { count: number; total?: number; className?: string }) {
  const location = useLocation();
  return (
    <Link
      to={hrefWithParam(location, URL_STATE.cart.key, URL_STATE.cart.open)}
      preventScrollReset
      className={`relative flex items-center rounded-full p-2 hover:bg-white/10 ${className}`}
      data-testid="cart-button"
    >
      <CartIcon />
      {/* The name is the visible text (total, count) with words around it: WCAG 2.5.3, label in name. */}
      <span className="sr-only">Carrinho de compras, </span>
      {total !== undefined && count > 0 ? (
        <span className="ml-1 hidden text-sm font-semibold hd:inline" data-testid="cart-header-total">
          R$ {formatMoney(total)}
        </span>
      ) : null}
      <span
        className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-900"
        data-testid="cart-count"
      >
        {count}
      </span>
      <span className="sr-only"> {count === 1 ? "item" : "itens"}</span>
    </Link>
  );
}

/** The login icon for a visitor, the account menu for a customer. */
export function AccountButton({ customer, align }: { customer: MenuCustomer | null; align?: "left" | "right" }) {
  return customer ? <AccountMenu customer={customer} align={align} /> : <LoginButton />;
}

export function LoginButton({ className = "" }: { className?: string }) {
  const location = useLocation();
  return (
    <Link
      to={hrefWithParam(location, URL_STATE.account.key, URL_STATE.account.login)}
      preventScrollReset
      title="Fazer login ou registrar"
      aria-label="Fazer login ou registrar"
      className={`flex items-center rounded-full p-2 hover:bg-white/10 ${className}`}
    >
      <UserIcon />
    </Link>
  );
}

export function QuickPurchaseButton() {
  return (
    <Link
      to="/compra-rapida"
      title="Compra Rápida"
      aria-label="Compra Rápida"
      className="flex items-center rounded-full p-2 hover:bg-white/10"
    >
      <BoltIcon />
    </Link>
  );
}
