import { Link, useLocation } from "react-router";
import { formatMoney } from "#core/money.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { AccountMenu, type MenuCustomer } from "#app/features/accounts/account-menu.tsx";
import { BoltIcon, CartIcon, UserIcon } from "#app/ui/icons.tsx";

// The header's round buttons and the cart's count are styled from app.css (.header-button,
// .cart-count): the header is on every page, twice (desktop and phone), and the home's HTML has
// a 50 KB budget (issue 32, decision 0082).
export function CartButton({ count, total, className = "" }: { count: number; total?: number; className?: string }) {
  const location = useLocation();
  return (
    <Link
      to={hrefWithParam(location, URL_STATE.cart.key, URL_STATE.cart.open)}
      // Left to discover this page's own path: on a page with a parameter (a category, a
      // product) React Router would otherwise fetch /__manifest before opening the panel (0082).
      preventScrollReset
      className={`header-button relative ${className}`}
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
      <span className="cart-count" data-testid="cart-count">
        {count}
      </span>
      <span className="sr-only">{count === 1 ? " item" : " itens"}</span>
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
      className={`header-button ${className}`}
    >
      <UserIcon />
    </Link>
  );
}

export function QuickPurchaseButton() {
  return (
    <Link to="/compra-rapida" title="Compra Rápida" aria-label="Compra Rápida" className="header-button">
      <BoltIcon />
    </Link>
  );
}
