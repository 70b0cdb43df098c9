import { Outlet, useLocation, useSearchParams } from "react-router";
import { useRootData } from "#app/root.tsx";
import { usePersonalData } from "#app/lib/personal-data.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { lazy, Suspense } from "react";
import { ACCOUNT_PAGES, accountTabOf } from "#app/features/accounts/account-tab.ts";
import { DesktopHeader } from "#app/layout/desktop-header.tsx";
import { Footer } from "#app/layout/footer.tsx";
import { BottomBar, MobileHeader } from "#app/layout/mobile-header.tsx";
import { PendingIndicator } from "#app/layout/pending-indicator.tsx";
import { TopBar } from "#app/layout/top-bar.tsx";
import { useHeaderShadow } from "#app/layout/use-header-shadow.ts";
import { GeneralErrorBoundary } from "#app/ui/error-boundary.tsx";

// The account forms bring Zod and Conform, the cart panel its lines and coupons: browsers load
// them only when they open. The server renders them directly: a lazy boundary would be streamed
// and need a script to show. A static import, even one unused in the browser, would tie their
// chunks to this one (docs/decisions/0037-page-weight.md).
const AccountModal = import.meta.env.SSR
  ? (await import("#app/features/accounts/account-modal.tsx")).AccountModal
  : lazy(() => import("#app/features/accounts/account-modal.tsx").then((module) => ({ default: module.AccountModal })));
const CartPanel = import.meta.env.SSR
  ? (await import("#app/features/cart/cart-panel.tsx")).CartPanel
  : lazy(() => import("#app/features/cart/cart-panel.tsx").then((module) => ({ default: module.CartPanel })));

/** The storefront shell: top bar, headers, content, footer, bottom bar and the cart panel. */
export default function ShopLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { categories, store, year } = useRootData();
  const { customer, cartCount, cartTotal } = usePersonalData();
  const location = useLocation();
  const [params] = useSearchParams();
  const isHome = location.pathname === "/";
  const shadow = useHeaderShadow(isHome);
  const searchTerm = location.pathname === "/busca" ? (params.get("q") ?? undefined) : undefined;
  const accountTab =
    customer || ACCOUNT_PAGES.has(location.pathname) ? null : accountTabOf(params.get(URL_STATE.account.key));

  return (
    <div id="topo" className="flex min-h-screen flex-col">
      <a href="#conteudo" className="sr-only-focusable absolute left-2 top-2 z-[90] rounded bg-white px-3 py-2">
        Pular para o conteúdo
      </a>
      <PendingIndicator />
      <TopBar phone={store.phone} email={store.email} />
      <header
        data-shadow={shadow ? "on" : "off"}
        className={`sticky top-0 z-40 bg-brand-700 transition-shadow ${shadow ? "shadow-lg" : ""}`}
      >
        <DesktopHeader
          categories={categories}
          isHome={isHome}
          cartCount={cartCount}
          // Spec §6: a visitor sees the item count, the total only after logging in.
          cartTotal={customer ? (cartTotal ?? undefined) : undefined}
          searchTerm={searchTerm}
          customer={customer}
        />
        <MobileHeader cartCount={cartCount} searchTerm={searchTerm} customer={customer} />
      </header>
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <Footer store={store} year={year} />
      <BottomBar />
      {params.get(URL_STATE.cart.key) === URL_STATE.cart.open ? (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      ) : null}
      {accountTab ? (
        <Suspense fallback={null}>
          <AccountModal
            tab={accountTab}
            redirectTo={hrefWithParam(location, URL_STATE.account.key, null)}
            closeHref={hrefWithParam(location, URL_STATE.account.key, null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
