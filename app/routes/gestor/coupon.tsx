import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { COUPON_STATE_LABELS } from "#api/contract/gestor/coupons.ts";
import { CouponForm } from "#app/features/gestor/coupons/coupon-form.tsx";
import { couponLimits, couponReach, couponWindow } from "#app/features/gestor/coupons/coupon-text.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { couponAction, couponPage } from "#app/features/gestor/coupons/coupons.server.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorActionForm, GestorDetails, GestorPagination, GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import { brazilDateTime } from "#core/dates.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { formatPercent } from "#core/percent.ts";
import type { Route } from "./+types/coupon";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Cupom ${loaderData.coupon.code}` : "Cupom"} | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => couponPage(request, params.couponId);

export const action = ({ request, params }: Route.ActionArgs) => couponAction(request, params.couponId);

export default function GestorCouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, uses, categories, unitChoices, canEdit } = loaderData;
  const unitName = useUnitName();
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  const details: [string, string][] = [
    ["Situação", COUPON_STATE_LABELS[coupon.state]],
    ["Desconto", `${formatPercent(coupon.percentage)}%`],
    ["Validade", couponWindow(coupon)],
    ["Limites", couponLimits(coupon)],
    ["Usos", String(coupon.uses)],
    ["Vale para", couponReach(coupon, categories, unitName)],
  ];
  return (
    <>
      <GestorPageHeader title={`Cupom ${coupon.code}`}>
        {canEdit ? (
          <GestorActionForm
            intent={coupon.paused ? "resume" : "pause"}
            label={coupon.paused ? "Reativar cupom" : "Pausar cupom"}
          />
        ) : null}
      </GestorPageHeader>
      <GestorDetails details={details} columns="sm:grid-cols-3" testId="coupon-summary" />
      {canEdit ? (
        <section aria-labelledby="editar-cupom" className="mb-6">
          <h2 id="editar-cupom" className="mb-2 text-lg font-bold text-slate-900">
            Editar cupom
          </h2>
          <CouponForm
            coupon={coupon}
            categories={categories}
            unitChoices={unitChoices}
            result={reply?.result}
            submitLabel="Salvar cupom"
          />
        </section>
      ) : null}
      <section aria-labelledby="usos-cupom">
        <h2 id="usos-cupom" className="mb-2 text-lg font-bold text-slate-900">
          Usos
        </h2>
        <GestorTable
          caption={`Usos do cupom ${coupon.code}`}
          headers={["Data", "Cliente", "Pedido", "Desconto"]}
          empty={uses.total === 0 ? "Este cupom ainda não foi usado em nenhuma compra." : null}
        >
          {uses.rows.map((use) => {
            const { date, time } = brazilDateTime(use.at);
            return (
              <tr key={use.id}>
                <td>
                  {date} {time}
                </td>
                <td>
                  <Link to={`/gestor/clientes/${use.customerId}`} className="underline">
                    {use.customerName ?? "Conta excluída"}
                  </Link>
                  {use.customerEmail ? <span className="block text-xs text-slate-600">{use.customerEmail}</span> : null}
                </td>
                <td>
                  {use.saleId ? (
                    <Link to={`/gestor/pedidos/${use.saleId}`} className="underline">
                      Ver pedido
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td>{use.discountCents === null ? "—" : formatBRL(centsToReais(use.discountCents))}</td>
              </tr>
            );
          })}
        </GestorTable>
        <GestorPagination
          page={uses.page}
          pageCount={uses.pageCount}
          total={uses.total}
          hrefOf={(page) => `${GESTOR_PATHS.coupon(coupon.id)}?page=${page}`}
        />
      </section>
    </>
  );
}
