import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { CounterSaleForm, CounterSaleHistory } from "#app/features/gestor/delivery-counter/counter-sale-view.tsx";
import {
  counterSalePage,
  handOverAction,
  type HandOverActionData,
} from "#app/features/gestor/delivery-counter/counter.server.ts";
import { formatPickupCode } from "#core/delivery.ts";
import type { Route } from "./+types/counter-sale";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Pedido ${loaderData?.sale.referenceCode ?? ""} | Entrega | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => counterSalePage(request, params.paidSaleId);

export const action = ({ request, params }: Route.ActionArgs) => handOverAction(request, params.paidSaleId);

/** A refused handover (lines handed over in another tab) shows the lines as they are now. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export default function GestorCounterSale({ loaderData, actionData }: Route.ComponentProps) {
  const { sale } = loaderData;
  return (
    <>
      <GestorPageHeader title={`Pedido ${sale.referenceCode}`}>
        <Link to={GESTOR_PATHS.counter} className={gestorSecondaryButton}>
          Nova busca
        </Link>
        <Link to={GESTOR_PATHS.sale(sale.id)} className={gestorSecondaryButton}>
          Ver em Pedidos
        </Link>
      </GestorPageHeader>
      {sale.pickupCode ? (
        <p className="mb-4 text-slate-700">
          Código de retirada: <strong data-testid="pickup-code">{formatPickupCode(sale.pickupCode)}</strong>
        </p>
      ) : null}
      <CounterSaleForm
        sale={sale}
        error={(actionData as HandOverActionData | undefined)?.error ?? null}
        sent={(actionData as HandOverActionData | undefined) ?? null}
      />
      <div className="mt-6">
        <CounterSaleHistory history={sale.history} />
      </div>
    </>
  );
}
