import type { Product, ProductVariant, StockState } from "#api/contract/catalogue.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import type { LiveStockView } from "./product-options.tsx";

/**
 * What the product page says of stock and seats (issue 28, docs/decisions/0066), one home for
 * the page, its action and the loader. A reply without the fields (spec §7 only) sells as before.
 */
export type OptionProduct = Pick<Product, "optionName" | "variants" | "stock" | "seats" | "TIPO">;

type BuyProduct = OptionProduct & Pick<Product, "itemTOTVS" | "sizeChart">;

/** The product is bought as one of its options: it has an option name (even with none active). */
export const hasOptions = (product: OptionProduct): boolean => Boolean(product.optionName);

export const isSoldOut = (stock: StockState | undefined): boolean => stock?.status === "soldOut";

/** Nothing of it can be bought now: every option, the product or the class is gone. */
export function productSoldOut(product: OptionProduct): boolean {
  if (product.seats) return product.seats.available <= 0;
  if (hasOptions(product)) return !(product.variants ?? []).some((variant) => !isSoldOut(variant.stock));
  return isSoldOut(product.stock);
}

/** The page shows what changes at every sale: the page cache must not keep it (0066). */
export function showsLiveStock(product: OptionProduct): boolean {
  const tracked = (stock: StockState | undefined) => stock !== undefined && stock.status !== "untracked";
  // A change of sizes themselves empties the cache (migration 0042's triggers): only stock is live.
  return Boolean(product.seats) || tracked(product.stock) || (product.variants ?? []).some((v) => tracked(v.stock));
}

/** The option named `value`, or null when there is none such (a stale or hand-edited URL). */
export function variantNamed(product: OptionProduct, value: unknown): ProductVariant | null {
  if (typeof value !== "string" || !value) return null;
  return (product.variants ?? []).find((variant) => variant.value === value) ?? null;
}

/** The option chosen in the page's URL (?opcao=M), or null. */
export function variantOfUrl(product: OptionProduct, url: URL): ProductVariant | null {
  return hasOptions(product) ? variantNamed(product, url.searchParams.get(URL_STATE.option.key)) : null;
}

/** `path` with the option chosen (?opcao=M), so the link modal keeps it. */
export function withOption(path: string, variant: ProductVariant | null): string {
  if (!variant) return path;
  return `${path}?${new URLSearchParams({ [URL_STATE.option.key]: variant.value }).toString()}`;
}

/** "Escolha o tamanho." when nothing (or no such option) was chosen. */
export function chooseOptionMessage(optionName: string): string {
  const name = optionName.toLocaleLowerCase("pt-BR");
  return name === "tamanho" ? "Escolha o tamanho." : `Escolha uma opção de ${name}.`;
}

/** "Tamanho M esgotado. Escolha outra opção." */
export const optionSoldOutMessage = (optionName: string, value: string) =>
  `${optionName} ${value} esgotado. Escolha outra opção.`;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "Restam 3 vagas" / "Resta 1 vaga"; null when more than 10 are free or the class is full. */
export function seatsLeftText(available: number): string | null {
  if (available <= 0 || available > 10) return null;
  return `${plural(available, "Resta", "Restam")} ${available} ${plural(available, "vaga", "vagas")}`;
}

/** "Últimas 2 peças" / "Última peça"; null when the count is not shown. */
export function piecesLeftText(stock: StockState | undefined): string | null {
  if (stock?.status !== "available" || stock.left === null) return null;
  return stock.left === 1 ? "Última peça" : `Últimas ${stock.left} peças`;
}

/** The intent of the product page's own "Comprar" form (a product with options). */
export const BUY_OPTION_INTENT = "comprar";

/**
 * What the product page shows of a product's stock, seats, options and size chart, worked out by
 * the loader so the page's own script carries none of it (its budget, decision 0037); null for a
 * product with no options, size chart, seats or tracked stock, which keeps its plain "Comprar".
 */
export function liveStockView(product: BuyProduct): LiveStockView | null {
  if (!showsLiveStock(product) && !hasOptions(product) && !product.sizeChart) return null;
  return {
    notifyMe: notifyMeOf(product),
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

/**
 * What "Avise-me quando chegar" offers (issue 28): a sold-out product's own item, or the
 * sold-out sizes of one with options; a full class has its waiting list instead.
 */
function notifyMeOf(product: BuyProduct): LiveStockView["notifyMe"] {
  if (product.seats) return null;
  if (!hasOptions(product)) return isSoldOut(product.stock) ? { itemTOTVSId: product.itemTOTVS } : null;
  const values = (product.variants ?? [])
    .filter((variant) => isSoldOut(variant.stock))
    .map(({ itemTOTVSId, value }) => ({ itemTOTVSId, value }));
  if (values.length === 0) return null;
  return { itemTOTVSId: values[0]!.itemTOTVSId, sizes: { optionName: product.optionName ?? "", values } };
}
