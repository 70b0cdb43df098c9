import { lazy, Suspense } from "react";
import { BuyButton, BUY_BUTTON_STYLE } from "./buy-button.tsx";
import type { LiveStockView } from "./product-options.tsx";
import { BUY_OPTION_INTENT } from "./product-stock.ts";

// Its own chunk, loaded only by products whose stock, seats or options show: the other product
// pages keep to the browsing pages' script budget (docs/decisions/0037-page-weight.md). The
// server renders it whole (the document waits for everything, app/entry.server.tsx), so it works
// before the chunk arrives and without JavaScript.
const LiveStockBuy = lazy(() => import("./product-options.tsx").then((module) => ({ default: module.LiveStockBuy })));

/**
 * The product page's "Comprar" (issue 28, decision 0066): as it always was for a product whose
 * stock the store does not follow; with its stock, seats, options and size chart otherwise.
 */
export function ProductBuy({
  itemTOTVSId,
  view,
  loggedIn,
  productPath,
  chosenValue,
  error,
  customerEmail,
}: {
  itemTOTVSId: number;
  /** What the page shows of the product's stock, seats, options and size chart (the loader's liveStockView); null: none. */
  view: LiveStockView | null;
  loggedIn: boolean;
  productPath: string;
  /** The option already chosen (?opcao=, or the form's last post). */
  chosenValue: string | null;
  /** The action's refusal of the last post ("Escolha o tamanho."). */
  error: string | null;
  /** The logged-in customer's e-mail ("Avise-me quando chegar"), or null. */
  customerEmail: string | null;
}) {
  const buyButton = <BuyButton loggedIn={loggedIn} productPath={productPath} itemTOTVSId={itemTOTVSId} />;
  if (!view) return <div className="flex flex-col gap-3">{buyButton}</div>;
  return (
    <Suspense fallback={null}>
      <LiveStockBuy
        view={view}
        buyButton={buyButton}
        intent={BUY_OPTION_INTENT}
        buttonClassName={BUY_BUTTON_STYLE}
        productPath={productPath}
        chosenValue={chosenValue}
        error={error}
        customerEmail={customerEmail}
      />
    </Suspense>
  );
}
