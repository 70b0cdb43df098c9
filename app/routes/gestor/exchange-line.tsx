import { Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DELIVERY_MESSAGES } from "#api/contract/gestor/delivery.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorButton, gestorCard, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import {
  exchangeAction,
  exchangePage,
  type CounterActionData,
} from "#app/features/gestor/delivery-counter/counter.server.ts";
import { DELIVERY_STATE_LABELS } from "#core/delivery.ts";
import type { Route } from "./+types/exchange-line";

export const meta = () => [{ title: "Trocar tamanho | Troca | Gestor | Loja Escolar" }];

export const loader = ({ request, params }: Route.LoaderArgs) => exchangePage(request, params.lineId);

export const action = ({ request, params }: Route.ActionArgs) => exchangeAction(request, params.lineId);

/** A refused exchange (a size sold out meanwhile) shows the stock as it is now. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

/** Why a size cannot be chosen, or null when it can. */
function refusal(option: { available: number | null; samePrice: boolean }) {
  if (!option.samePrice) return "outro preço: troca só entre tamanhos do mesmo preço";
  if (option.available === 0) return "esgotado nesta unidade";
  return null;
}

export default function GestorExchangeLine({ loaderData, actionData }: Route.ComponentProps) {
  const { line, saleId, options, error: pageError } = loaderData;
  const error = (actionData as CounterActionData | undefined)?.error ?? null;
  if (!line || !saleId)
    return (
      <>
        <GestorPageHeader title="Trocar tamanho">
          <Link to={GESTOR_PATHS.exchange} className={gestorSecondaryButton}>
            Voltar à troca
          </Link>
        </GestorPageHeader>
        <p className={gestorCard}>{pageError}</p>
      </>
    );
  const choosable = options.filter((option) => refusal(option) === null);
  return (
    <>
      <GestorPageHeader title={`Trocar tamanho: ${line.title}`}>
        <Link to={GESTOR_PATHS.counterSale(saleId)} className={gestorSecondaryButton}>
          Voltar ao pedido
        </Link>
      </GestorPageHeader>
      <p className="mb-4 text-slate-700">
        {line.optionName ?? "Tamanho"} atual: <strong data-testid="current-size">{line.optionValue}</strong> ·{" "}
        {DELIVERY_STATE_LABELS[line.state]} · quantidade {line.quantity}. A peça devolvida volta ao estoque da unidade e
        a nova sai dele; a situação da entrega não muda.
      </p>
      {options.length === 0 ? (
        <p className={gestorCard}>{DELIVERY_MESSAGES.exchangeNoOptions}</p>
      ) : (
        <Form method="post" className={`${gestorCard} flex flex-col gap-3`}>
          <AuthenticityTokenInput name="csrf" />
          {error ? (
            <p role="alert" className="text-red-800">
              {error}
            </p>
          ) : null}
          <fieldset>
            <legend className="mb-2 font-bold text-slate-900">Trocar por</legend>
            {options.map((option) => {
              const why = refusal(option);
              return (
                <label key={option.itemTOTVSId} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="toItemTOTVSId"
                    value={option.itemTOTVSId}
                    disabled={why !== null}
                    defaultChecked={option.itemTOTVSId === choosable[0]?.itemTOTVSId}
                  />
                  <span>
                    {option.value}
                    {option.available !== null ? ` · ${option.available} na unidade` : ""}
                    {why ? ` (${why})` : ""}
                  </span>
                </label>
              );
            })}
          </fieldset>
          {choosable.length > 0 ? (
            <div>
              <button type="submit" className={gestorButton}>
                Confirmar troca
              </button>
            </div>
          ) : (
            <p>Nenhum tamanho disponível para troca agora.</p>
          )}
        </Form>
      )}
    </>
  );
}
