import { lazy, Suspense } from "react";
import type { Product } from "#api/contract/catalogue.ts";
import { BuyButton, BUY_BUTTON_STYLE } from "./buy-button.tsx";
import type { LiveStockView } from "./product-options.tsx";
import {
  BUY_OPTION_INTENT,
  hasOptions,
  isSoldOut,
  piecesLeftText,
  productSoldOut,
  seatsLeftText,
  showsLiveStock,
  type OptionProduct,
} from "./product-stock.ts";

// Its own chunk, loaded only by products whose stock, seats or options show: the other product
// pages keep to the browsing pages' script budget (docs/decisions/0037-page-weight.md). The
// server renders it whole (the document waits for everything, app/entry.server.tsx), so it works
// before the chunk arrives and without JavaScript.
const LiveStockBuy = lazy(() => import("./product-options.tsx").then((module) => ({ default: module.LiveStockBuy })));

type BuyProduct = OptionProduct & Pick<Product, "itemTOTVS" | "sizeChart">;

/**
 * The product page's "Comprar" (issue 28, decision 0066): as it always was for a product whose
 * stock the store does not follow; with its stock, seats, options and size chart otherwise.
 */
export function ProductBuy({
  product,
  loggedIn,
  productPath,
  chosenValue,
  error,
}: {
  product: BuyProduct;
  loggedIn: boolean;
  productPath: string;
  /** The option already chosen (?opcao=, or the form's last post). */
  chosenValue: string | null;
  /** The action's refusal of the last post ("Escolha o tamanho."). */
  error: string | null;
}) {
  const buyButton = <BuyButton loggedIn={loggedIn} productPath={productPath} itemTOTVSId={product.itemTOTVS} />;
  if (!showsLiveStock(product) && !product.sizeChart) return <div className="flex flex-col gap-3">{buyButton}</div>;
  return (
    <Suspense fallback={null}>
      <LiveStockBuy
        view={liveStockView(product)}
        buyButton={buyButton}
        intent={BUY_OPTION_INTENT}
        buttonClassName={BUY_BUTTON_STYLE}
        productPath={productPath}
        chosenValue={chosenValue}
        error={error}
      />
    </Suspense>
  );
}

function liveStockView(product: BuyProduct): LiveStockView {
  return {
    seats: product.seats ? { full: product.seats.available <= 0, text: seatsLeftText(product.seats.available) } : null,
    soldOut: productSoldOut(product),
    options: hasOptions(product)
      ? {
          optionName: product.optionName ?? "",
          choices: (product.variants ?? []).map((variant) => ({
            itemTOTVSId: variant.itemTOTVSId,
            value: variant.value,
            soldOut: isSoldOut(variant.stock),
            left: piecesLeftText(variant.stock),
          })),
        }
      : null,
    piecesLeft: product.seats ? null : piecesLeftText(product.stock),
    sizeChart: product.sizeChart ?? null,
  };
}
