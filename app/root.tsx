import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { noStoreMiddleware } from "./.server/cache-control.server.ts";
import { commitCsrfToken } from "./.server/csrf.server.ts";
import {
  csrfMiddleware,
  currentCustomer,
  isGestorPage,
  shopperMiddleware,
  storeApi,
  templateShopper,
} from "./.server/request-context.server.ts";
import { menuCategories, storeSettings, storeTermsContracts } from "./layout/shell.server.ts";
import { loadCart, loadCartCoupons } from "./features/cart/cart.server.ts";
import { removalNotice, removalNoticeMiddleware } from "./features/cart/removal-notice.server.ts";
import { isLeavingNoticePage } from "./features/leaving/leaving-notice.server.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { readToast } from "./.server/toast.server.ts";
import { encodePersonalData, personalDataOf } from "./.server/personal-data.server.ts";
import { storeUnits, unitNamesOf } from "./.server/school-units.server.ts";
import { gestorUnitList } from "./features/gestor/gestor-units.server.ts";
import { cartListEntries } from "./features/lists/list-entry-links.server.ts";
import { Toaster } from "./ui/toaster.tsx";
import { GeneralErrorBoundary } from "./ui/error-boundary.tsx";
import { useHeadingFocusOnNavigation } from "./ui/heading-focus.ts";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// Replies are uncached unless a route says otherwise; every POST is checked for its CSRF
// token, then the shopper is put in the request context; the gestor's removals are kept
// until a page showed them (docs/decisions/0007).
export const middleware: Route.MiddlewareFunction[] = [
  noStoreMiddleware,
  csrfMiddleware,
  shopperMiddleware,
  removalNoticeMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (isGestorPage(request)) return gestorRootData(request);
  const customer = currentCustomer(context);
  // A shared logged-in page's template carries a placeholder shopper and no cart (decision 0084).
  const template = templateShopper(context);
  const [{ toast, headers: toastHeaders }, [csrfToken, csrfCookie], categories, cartReply, termsContracts, units] =
    await Promise.all([
      readToast(request),
      commitCsrfToken(request),
      menuCategories(storeApi(context)),
      template ? null : loadCart({ request, context }),
      storeTermsContracts(storeApi(context)),
      storeUnits(storeApi(context)),
    ]);
  // The panel's coupons and its bags' material lists (issue 29) only when it is open.
  const panelOpen = new URL(request.url).searchParams.get(URL_STATE.cart.key) === URL_STATE.cart.open;
  const [coupons, listEntries] = await Promise.all([
    panelOpen && customer && cartReply?.cart.cartId ? loadCartCoupons({ request, context }, cartReply.cart.cartId) : [],
    panelOpen && cartReply ? cartListEntries({ request, context }, cartReply.cart.bags) : [],
  ]);
  const headers = new Headers(toastHeaders);
  if (csrfCookie) headers.append("set-cookie", csrfCookie);
  // Spec §8's message before going home is the page itself (/aviso): no toast beside it, and the
  // gestor's removals of a cart now deleted or emptied are said by that message (read, not shown).
  const leaving = isLeavingNoticePage(request);
  const notice = removalNotice(context);
  return data(
    {
      toast: leaving ? null : (toast ?? null),
      // Spec §8: what the gestor removed shows as a yellow warning, beside any other toast.
      removalNotice: leaving ? null : notice,
      // The customer, the cart and the panel's instalment counts at the request's time (spec §9,
      // decision 0021), as one opaque string (app/lib/personal-data.ts, issue 32, decision 0084).
      personal: encodePersonalData(
        template ?? personalDataOf(customer?.customer ?? null, cartReply?.cart ?? null, panelOpen),
      ),
      coupons,
      cartListEntries: listEntries,
      csrfToken,
      categories,
      // Names only (a few hundred bytes): cart lines, student cards and product pages name units.
      unitNames: unitNamesOf(units),
      store: { ...storeSettings(), termsContracts },
      year: new Date().getFullYear(),
    },
    { headers },
  );
}

/**
 * The gestor area has its own layout and session (app/features/gestor): no shopper, cart or
 * menu to load, only the toast, the CSRF token every form needs and the units' names.
 */
async function gestorRootData(request: Request) {
  const [{ toast, headers: toastHeaders }, [csrfToken, csrfCookie], units] = await Promise.all([
    readToast(request),
    commitCsrfToken(request),
    gestorUnitList(request),
  ]);
  const headers = new Headers(toastHeaders);
  if (csrfCookie) headers.append("set-cookie", csrfCookie);
  return data(
    {
      toast: toast ?? null,
      removalNotice: null,
      personal: encodePersonalData(personalDataOf(null, null, false)),
      coupons: [],
      cartListEntries: [],
      csrfToken,
      categories: [],
      unitNames: unitNamesOf(units),
      store: { ...storeSettings(), termsContracts: "" },
      year: new Date().getFullYear(),
    },
    { headers },
  );
}

export function useRootData() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (!rootData) throw new Error("root loader data missing");
  return rootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4fa8" />
        <Meta />
        {/* A stylesheet with a precedence is written before the scripts' modulepreloads, which
            React hoists into the head: first paint waits for the CSS, not behind the JavaScript. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // Lets browser tests (and CSS) know the SPA has taken over from the server HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useHeadingFocusOnNavigation();
  return (
    <AuthenticityTokenProvider token={loaderData.csrfToken}>
      <Outlet />
      <Toaster toast={loaderData.toast} notice={loaderData.removalNotice} />
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
