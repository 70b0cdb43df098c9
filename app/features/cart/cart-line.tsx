import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CartItem } from "#api/contract/carts.ts";
import { canDecreaseQuantity, canIncreaseQuantity } from "#core/cart-rules.ts";
import type { CartInstallments } from "#core/installments.ts";
import { formatBRL } from "#core/money.ts";
import { priceView } from "#core/price-view.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { PRODUCT_NAME_LIMIT, truncate } from "#core/text.ts";
import { CloseIcon } from "#app/ui/icons.tsx";
import { productPath } from "#app/lib/product-path.ts";
import { chosenOption } from "#core/product-options.ts";

const ROUND_BUTTON =
  "flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 font-bold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";

/** A change of one cart line, posted to /carrinho's action (with JavaScript and without). */
export function CartForm({
  intent,
  studentId,
  item,
  redirectTo,
  children,
  quantity,
  label,
  disabled,
  className = ROUND_BUTTON,
}: {
  intent: "quantity" | "remove";
  studentId: string | null;
  item: CartItem;
  redirectTo: string;
  children: React.ReactNode;
  quantity?: number;
  /** The button's accessible name, when its content is an icon. */
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Form method="post" action="/carrinho" preventScrollReset>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="studentId" value={studentId ?? ""} />
      <input type="hidden" name="itemTOTVSId" value={item.itemTOTVSId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {quantity !== undefined ? <input type="hidden" name="quantity" value={quantity} /> : null}
      <button type="submit" aria-label={label} disabled={disabled} className={className}>
        {children}
      </button>
    </Form>
  );
}

/** What a line that ran out since it was added asks of the shopper (issue 28). */
function soldOutText(item: CartItem): string {
  if (item.optionName && item.optionValue)
    return `Esgotado: remova este item ou escolha outro ${item.optionName.toLocaleLowerCase("pt-BR")}`;
  return item.TIPO === "S" ? "Turma lotada: remova este item" : "Esgotado: remova este item";
}

/** One cart line (spec §2 cart view): links to its product; quantity rules of spec §4. */
export function CartLine({
  item,
  studentId,
  redirectTo,
  installments,
}: {
  item: CartItem;
  studentId: string | null;
  redirectTo: string;
  /** The loader's counts (cartInstallmentView); null only while a cart is missing. */
  installments: CartInstallments | null;
}) {
  // The cart's total carries the instalments /compra offers (CartTotals); when this item alone
  // would allow more, the line says so, or the product card's count would look broken (decision 0021).
  const cartCount = installments?.count ?? 1;
  const alone = installments?.lines[item.cartItemid] ?? cartCount;
  const price = priceView(item, 1, { quantity: item.quantity, discountFrom: "cart" });
  // What every form of the line sends along.
  const line = { studentId, item, redirectTo };
  const productHref = productPath(item.category.slug, item.productSlug);
  const name = truncate(item.NOME, PRODUCT_NAME_LIMIT);
  const unitName = useUnitName();
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      {/* The same link as the name beside it: once in the tab order and for screen readers. */}
      <Link to={productHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img src={item.productImage} alt="" width={64} height={64} className="h-16 w-16 rounded-lg object-cover" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={productHref} className="block font-semibold text-slate-800 hover:text-brand-700">
          {name}
        </Link>
        {item.optionValue ? (
          <p className="text-sm text-slate-700" data-testid="cart-line-option">
            {chosenOption(item.optionName, item.optionValue)}
          </p>
        ) : null}
        {item.soldOut ? (
          <p className="text-sm font-semibold text-red-700" data-testid="cart-line-sold-out">
            {soldOutText(item)}
          </p>
        ) : null}
        {item.TIPO === "S" || item.TIPO === "M" ? (
          <p className="text-xs text-slate-500">{unitName(item.CODCOLIGADA)}</p>
        ) : null}
        <Link to={`/categoria/${item.category.slug}`} className="text-xs font-semibold text-brand-600 hover:underline">
          {item.category.title}
        </Link>
        {/* The line's price as the store writes prices (core/price-view.ts, decision 0040). */}
        <p className="mt-1 text-sm" data-testid="cart-line-price">
          {price.free ? (
            <span className="font-bold text-emerald-700">R$ 0,00 produto/serviço grátis</span>
          ) : (
            <>
              {price.was ? (
                <span className="text-xs text-slate-600">
                  de <s className="whitespace-nowrap">{price.was}</s> por{" "}
                </span>
              ) : null}
              <span className="whitespace-nowrap font-bold text-brand-700">{price.price}</span>
              {price.badge ? (
                <>
                  {" "}
                  <span className="rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">{price.badge}</span>
                </>
              ) : null}
            </>
          )}
        </p>
        {item.quantity > 1 && !price.free ? (
          <p className="text-xs text-slate-600">
            {item.quantity} × {formatBRL(item.DESCONTO)}
          </p>
        ) : null}
        {!price.free && alone > cartCount ? (
          <p className="text-xs text-slate-500" data-testid="cart-line-installments">
            Em até {cartCount}x neste carrinho (sozinho, em até {alone}x)
          </p>
        ) : null}
        <div className="mt-2 flex items-center gap-2">
          {item.TIPO === "S" ? null : (
            <>
              <CartForm
                intent="quantity"
                {...line}
                quantity={item.quantity - 1}
                label="Diminuir quantidade"
                disabled={!canDecreaseQuantity(item.quantity)}
              >
                −
              </CartForm>
              <span className="min-w-6 text-center font-semibold" data-testid="cart-line-quantity">
                {item.quantity}
              </span>
              <CartForm
                intent="quantity"
                {...line}
                quantity={item.quantity + 1}
                label="Aumentar quantidade"
                disabled={!canIncreaseQuantity(item.TIPO, item.quantity)}
              >
                +
              </CartForm>
            </>
          )}
        </div>
      </div>
      <CartForm intent="remove" {...line} label={`Remover ${item.NOME} do carrinho`}>
        <CloseIcon width={14} height={14} />
      </CartForm>
    </li>
  );
}
