import { Outlet, useLocation, useSearchParams } from "react-router";
import { useRootData } from "#app/root.tsx";
import { URL_STATE } from "#app/lib/url-state.ts";
import { CartPanel } from "#app/components/cart/cart-panel.tsx";
import { DesktopHeader } from "#app/components/layout/desktop-header.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { BottomBar, MobileHeader } from "#app/components/layout/mobile-header.tsx";
import { PendingIndicator } from "#app/components/layout/pending-indicator.tsx";
import { TopBar } from "#app/components/layout/top-bar.tsx";
import { useHeaderShadow } from "#app/components/layout/use-header-shadow.ts";
import { GeneralErrorBoundary } from "#app/components/ui/error-boundary.tsx";

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
  const location = useLocation();
  const [params] = useSearchParams();
  const isHome = location.pathname === "/";
  const shadow = useHeaderShadow(isHome);
  const searchTerm = location.pathname === "/busca" ? (params.get("q") ?? undefined) : undefined;
  const cartCount = 0;

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
        <DesktopHeader categories={categories} isHome={isHome} cartCount={cartCount} searchTerm={searchTerm} />
        <MobileHeader cartCount={cartCount} searchTerm={searchTerm} />
      </header>
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <Footer store={store} year={year} />
      <BottomBar />
      {params.get(URL_STATE.cart.key) === URL_STATE.cart.open ? <CartPanel /> : null}
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
