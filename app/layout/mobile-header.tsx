import { Link, useLocation, useSearchParams } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { MenuCustomer } from "#app/features/accounts/account-menu.tsx";
import { AccountButton, CartButton } from "./header-actions.tsx";
import { SearchForm } from "./search-form.tsx";
import { BoltIcon, GridIcon, HeadsetIcon, HomeIcon, SearchIcon } from "#app/ui/icons.tsx";

export function useMobileSearchOpen() {
  const [params] = useSearchParams();
  return params.get(URL_STATE.mobileSearch.key) === URL_STATE.mobileSearch.open;
}

export function MobileHeader({
  cartCount,
  searchTerm,
  customer,
}: {
  cartCount: number;
  searchTerm?: string;
  customer: MenuCustomer | null;
}) {
  const searchOpen = useMobileSearchOpen();
  return (
    <div className="hd:hidden">
      <div className="flex items-center justify-between px-4 py-2">
        <Link to="/" aria-label="Loja Escolar - página inicial">
          <img src="/images/logo.svg" alt="Loja Escolar" width={140} height={35} className="h-8 w-auto" />
        </Link>
        <nav className="flex items-center gap-1 text-white" aria-label="Atalhos">
          <CartButton count={cartCount} />
          <AccountButton customer={customer} />
        </nav>
      </div>
      {searchOpen ? (
        <div className="px-4 pb-3" data-testid="mobile-search">
          {/* The field the shopper just opened with the search button. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <SearchForm variant="mobile" defaultValue={searchTerm} autoFocus />
        </div>
      ) : null}
    </div>
  );
}

export function BottomBar() {
  const location = useLocation();
  const searchOpen = useMobileSearchOpen();
  return (
    // Its buttons are styled from app.css (.bottom-bar a): the home's HTML budget (decision 0082).
    <nav className="bottom-bar" aria-label="Navegação inferior">
      <Link to="/">
        <HomeIcon width={22} height={22} />
        Início
      </Link>
      <Link to="/categoria/material-didatico">
        <GridIcon width={22} height={22} />
        Categorias
      </Link>
      <Link
        to={hrefWithParam(location, URL_STATE.mobileSearch.key, searchOpen ? null : URL_STATE.mobileSearch.open)}
        preventScrollReset
        aria-expanded={searchOpen}
      >
        <SearchIcon width={22} height={22} />
        Buscar
      </Link>
      <Link to="/compra-rapida">
        <BoltIcon width={22} height={22} />
        Compra Rápida
      </Link>
      <Link to="/atendimento">
        <HeadsetIcon width={22} height={22} />
        Atendimento
      </Link>
    </nav>
  );
}
