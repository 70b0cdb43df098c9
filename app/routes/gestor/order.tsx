import { Link } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { MessagesSection } from "#app/features/gestor/messages/message-tables.tsx";
import { OtherUnitsNote } from "#app/features/gestor/other-units.tsx";
import { SaleActionForm, type SaleActionReply } from "#app/features/gestor/orders/sale-action-forms.tsx";
import { saleAction, salePage } from "#app/features/gestor/orders/sale-page.server.ts";
import { SaleView } from "#app/features/gestor/orders/sale-view.tsx";
import { useUnitName } from "#app/lib/school-units.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Pedido ${loaderData?.sale.referenceCode ?? ""} | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => salePage(request, params.saleId);

export const action = ({ request, params }: Route.ActionArgs) => saleAction(request, params.saleId);

export default function GestorOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { sale } = loaderData;
  const reply = actionData as SaleActionReply | undefined;
  const { actions } = sale;
  const any = actions.confirmPayment || actions.cancel || actions.refund;
  const unitName = useUnitName();
  return (
    <>
      <p className="mb-2">
        <Link to={GESTOR_PATHS.orders} className="underline">
          ← Pedidos
        </Link>
      </p>
      <GestorPageHeader title={`Pedido ${sale.referenceCode}`} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <SaleView sale={sale} />
        <section aria-labelledby="venda-acoes" className="flex flex-col gap-3">
          <h2 id="venda-acoes" className="text-base font-bold text-slate-900">
            Ações
          </h2>
          {sale.otherUnits.length > 0 ? (
            <OtherUnitsNote>
              Este pedido também tem itens {sale.otherUnits.length === 1 ? "da unidade" : "das unidades"}{" "}
              {sale.otherUnits.map(unitName).join(", ")}: as ações dele ficam com um administrador ou o atendimento.
            </OtherUnitsNote>
          ) : null}
          {actions.confirmPayment ? <SaleActionForm intent="confirm-payment" reply={reply} /> : null}
          {actions.cancel ? <SaleActionForm intent="cancel" reply={reply} /> : null}
          {actions.refund ? (
            <SaleActionForm
              intent="refund"
              reply={reply}
              piecesHeld={sale.piecesHeld}
              piecesPickedUp={sale.piecesPickedUp}
            />
          ) : null}
          {any || sale.otherUnits.length > 0 ? null : (
            <p className="text-slate-700">Nenhuma ação possível nesta situação.</p>
          )}
        </section>
      </div>
      <div className="mt-6">
        <MessagesSection id="venda-mensagens" messages={loaderData.messages} />
      </div>
    </>
  );
}
