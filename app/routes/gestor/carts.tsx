import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { CART_LOOKUP_KEYS, CART_LOOKUP_LABELS } from "#api/contract/gestor/carts.ts";
import { GestorCartCard } from "#app/features/gestor/carts/cart-card.tsx";
import { CART_SEARCH_PARAMS } from "#app/features/gestor/carts/cart-forms.ts";
import { cartsAction, loadCartsPage } from "#app/features/gestor/carts/carts.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { gestorButton, gestorInput, gestorLabel } from "#app/features/gestor/gestor-ui.tsx";
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
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search" aria-label="Buscar carrinho">
        <div>
          <label htmlFor="carrinho-por" className={gestorLabel}>
            Buscar por
          </label>
          <select id="carrinho-por" name={CART_SEARCH_PARAMS.by} defaultValue={search.by} className={gestorInput}>
            {CART_LOOKUP_KEYS.map((key) => (
              <option key={key} value={key}>
                {CART_LOOKUP_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor="carrinho-q" className={gestorLabel}>
            E-mail, CPF ou RA
          </label>
          <input
            id="carrinho-q"
            name={CART_SEARCH_PARAMS.q}
            defaultValue={search.q}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "carrinho-erro" : undefined}
            className={gestorInput}
          />
        </div>
        <button type="submit" className={gestorButton}>
          Buscar
        </button>
      </Form>
      {error ? (
        <p id="carrinho-erro" role="alert" className="mb-4 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
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
