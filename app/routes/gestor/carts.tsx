import type { SubmissionResult } from "@conform-to/react";
import { CART_LOOKUP_LABELS } from "#api/contract/gestor/carts.ts";
import { GestorCartCard } from "#app/features/gestor/carts/cart-card.tsx";
import { CART_SEARCH_PARAMS } from "#app/features/gestor/carts/cart-forms.ts";
import { cartsAction, loadCartsPage } from "#app/features/gestor/carts/carts.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorSearchForm } from "#app/features/gestor/gestor-search-form.tsx";
import type { Route } from "./+types/carts";

export const meta = () => [{ title: "Carrinhos | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => loadCartsPage(request);

export const action = ({ request }: Route.ActionArgs) => cartsAction(request);

export default function GestorCarts({ loaderData, actionData }: Route.ComponentProps) {
  const { search, carts, error } = loaderData;
  const refused = actionData as { cartId?: string; result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <GestorPageHeader title="Carrinhos" />
      <GestorSearchForm
        id="carrinho"
        label="Buscar carrinho"
        kind={{
          name: CART_SEARCH_PARAMS.by,
          label: "Buscar por",
          value: search.by,
          labels: CART_LOOKUP_LABELS,
        }}
        text={{ name: CART_SEARCH_PARAMS.q, label: "E-mail, CPF ou RA", value: search.q, maxLength: 254 }}
        error={error}
      />
      {carts === null ? (
        <p className="text-slate-600">
          Busque o carrinho aberto de um cliente pelo e-mail, pelo CPF ou pelo RA de um estudante vinculado.
        </p>
      ) : carts.length === 0 ? (
        <p className="text-slate-600">Nenhum carrinho aberto encontrado para esta busca.</p>
      ) : (
        carts.map((cart) => (
          <GestorCartCard
            key={cart.cartId}
            cart={cart}
            deleteResult={refused?.cartId === cart.cartId ? refused.result : undefined}
          />
        ))
      )}
    </>
  );
}
