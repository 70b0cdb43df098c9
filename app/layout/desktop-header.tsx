import { Link } from "react-router";
import { CategoryMenu, type MenuCategory } from "./category-menu.tsx";
import type { MenuCustomer } from "#app/features/accounts/account-menu.tsx";
import { AccountButton, CartButton, QuickPurchaseButton } from "./header-actions.tsx";
import { SearchForm } from "./search-form.tsx";

export function DesktopHeader({
  categories,
  isHome,
  cartCount,
  cartTotal,
  searchTerm,
  customer,
}: {
  cartTotal?: number;
  customer: MenuCustomer | null;
  categories: MenuCategory[];
  isHome: boolean;
  cartCount: number;
  searchTerm?: string;
}) {
  return (
    <div className="mx-auto hidden max-w-7xl items-center gap-6 px-4 py-3 hd:flex">
      <Link to="/" className="shrink-0" aria-label="Loja Escolar - página inicial">
        <img src="/images/logo.svg" alt="Loja Escolar" width={168} height={42} className="h-10 w-auto" />
      </Link>
      <CategoryMenu categories={categories} />
      <div className="flex-1">
        <SearchForm variant="desktop" defaultValue={searchTerm} />
      </div>
      <nav className="flex items-center gap-1 text-white" aria-label="Atalhos">
        <AccountButton customer={customer} />
        {isHome ? null : <QuickPurchaseButton />}
        <CartButton count={cartCount} total={cartTotal} />
      </nav>
    </div>
  );
}
