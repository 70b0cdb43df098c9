import { Link } from "react-router";
import type { Cart, SoldOutItem } from "#api/contract/carts.ts";
import { CartForm } from "#app/features/cart/cart-line.tsx";
import { productPath } from "#app/lib/product-path.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { secondaryButton } from "#app/ui/form-field.tsx";
import { chosenOption } from "#core/product-options.ts";

/** The product page's waiting list form, where a full class takes names (issue 28). */
const WAITING_LIST_ANCHOR = "#lista-de-espera";

const actionClass = `${secondaryButton} inline-block bg-white`;

/**
 * The cart's lines that ran out since they were added (issue 28): the ones the cart marks sold
 * out, and the ones a "Finalizar compra" just met sold out (`refused`, finish-cart's 409, when
 * the cart on screen was read before). For each, what the parent can do: another size, remove
 * it, or, for a full course, the waiting list. Nothing was charged for a refused finish.
 */
export function SoldOutNotice({ cart, refused = [] }: { cart: Cart; refused?: readonly SoldOutItem[] }) {
  const named = new Set(refused.map((item) => item.itemTOTVSId));
  const lines = cart.bags.flatMap((bag) =>
    bag.cartItems
      .filter((item) => item.soldOut || named.has(item.itemTOTVSId))
      .map((item) => ({ studentId: bag.studentId, student: bag.name, item })),
  );
  if (lines.length === 0) return null;
  const one = lines.length === 1;
  return (
    <section
      aria-labelledby="sold-out-notice-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-4"
      data-testid="sold-out-notice"
    >
      <h3 id="sold-out-notice-title" className="font-bold text-red-800">
        {one ? "Um item do carrinho não está mais disponível" : "Itens do carrinho não estão mais disponíveis"}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {refused.length > 0 ? "Nada foi cobrado. " : ""}
        Para finalizar a compra, escolha o que fazer com {one ? "este item" : "estes itens"}:
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {lines.map(({ studentId, student, item }) => {
          const option = chosenOption(item.optionName, item.optionValue);
          const page = productPath(item.category.slug, item.productSlug);
          const course = item.TIPO === "S";
          return (
            <li
              key={`${studentId ?? "sem-estudante"}-${item.cartItemid}`}
              className="rounded-xl bg-white p-3 ring-1 ring-red-100"
              data-testid="sold-out-item"
            >
              <p className="font-semibold text-slate-900">{item.NOME}</p>
              {option ? <p className="text-sm text-slate-700">{option}</p> : null}
              {student ? <p className="text-xs text-slate-500">Para {student}</p> : null}
              <p className="text-sm font-semibold text-red-700">{course ? "Turma lotada" : "Esgotado"}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                {option && item.optionName ? (
                  <Link to={page} className={actionClass}>
                    {otherOptionLabel(item.optionName)}
                    <span className="sr-only"> de {item.NOME}</span>
                  </Link>
                ) : null}
                {course ? (
                  <Link to={`${page}${WAITING_LIST_ANCHOR}`} className={actionClass}>
                    Entrar na lista de espera<span className="sr-only"> de {item.NOME}</span>
                  </Link>
                ) : null}
                <CartForm
                  intent="remove"
                  studentId={studentId}
                  item={item}
                  redirectTo={CHECKOUT_PATH}
                  className={actionClass}
                >
                  Remover<span className="sr-only"> {item.NOME}</span> do carrinho
                </CartForm>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "Escolher outro tamanho"; for an option of another name, "Escolher outra opção de cor" (agreement). */
function otherOptionLabel(optionName: string): string {
  const name = optionName.toLocaleLowerCase("pt-BR");
  return name === "tamanho" ? "Escolher outro tamanho" : `Escolher outra opção de ${name}`;
}
