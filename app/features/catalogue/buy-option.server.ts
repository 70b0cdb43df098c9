import { data, redirect } from "react-router";
import type { Product } from "#api/contract/catalogue.ts";
import { cartAction } from "#app/features/cart/cart-actions.server.ts";
import { linkHref } from "#app/features/students/link-mode.ts";
import { currentCustomer, type RequestArgs } from "#app/.server/request-context.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import {
  chooseOptionMessage,
  hasOptions,
  isSoldOut,
  optionSoldOutMessage,
  variantNamed,
  variantOfUrl,
  withOption,
} from "./product-stock.ts";
import { URL_STATE } from "#app/lib/url-state.ts";

/** The product page's reply to a "Comprar" it refused: the message by the options, the choice kept. */
export type BuyOptionReply = { buyError: string; chosen: string | null };

/**
 * "Comprar" of a product with options (decision 0066): the option must be one the product
 * offers and not sold out, else the page answers why and stays. A customer then chooses the
 * student in the link modal, the option in its URL; a visitor's item goes to their cart as
 * the cart's "add" does (spec §6).
 */
export async function buyOptionAction(args: RequestArgs, formData: FormData, product: Product, productPath: string) {
  const chosen = formData.get(URL_STATE.option.key);
  const refuse = (buyError: string) =>
    data<BuyOptionReply>({ buyError, chosen: typeof chosen === "string" ? chosen : null }, { status: 400 });
  if (!hasOptions(product)) throw new Response("Este produto não tem opções.", { status: 400 });
  const optionName = product.optionName!;
  const variant = variantNamed(product, chosen);
  if (!variant) return refuse(chooseOptionMessage(optionName));
  if (isSoldOut(variant.stock)) return refuse(optionSoldOutMessage(optionName, variant.value));
  if (currentCustomer(args.context)) return redirect(linkHref(withOption(productPath, variant), "escolha"));
  const add = new FormData();
  add.set("intent", "add");
  add.set("itemTOTVSId", String(variant.itemTOTVSId));
  add.set("studentId", "");
  add.set("redirectTo", withOption(productPath, variant));
  return cartAction(args, add);
}

/**
 * The item code the link modal puts in the cart: the option chosen in the page's URL for a
 * product with options, else the product's own. Null: an option is needed and none is there
 * (a bookmarked modal, a size since switched off).
 */
export function itemOfLink(product: Product, url: URL): number | null {
  if (!hasOptions(product)) return product.itemTOTVS;
  return variantOfUrl(product, url)?.itemTOTVSId ?? null;
}

/** Back to the product page with "Escolha o tamanho." when the link modal has no option. */
export const optionMissing = (product: Product, productPath: string) =>
  toasts().redirectWithError(productPath, chooseOptionMessage(product.optionName ?? ""));
