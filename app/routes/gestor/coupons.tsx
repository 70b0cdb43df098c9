import { Form, Link } from "react-router";
import { COUPON_STATE_LABELS } from "#api/contract/gestor/coupons.ts";
import { couponLimits, couponReach, couponWindow } from "#app/features/gestor/coupons/coupon-text.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { couponListPage } from "#app/features/gestor/coupons/coupons.server.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  GestorPagination,
  GestorTable,
  gestorButton,
  gestorInput,
  gestorLabel,
  gestorSecondaryButton,
} from "#app/features/gestor/gestor-ui.tsx";
import { formatPercent } from "#core/percent.ts";
import type { Route } from "./+types/coupons";

export const meta = () => [{ title: "Cupons | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => couponListPage(request);

export default function GestorCoupons({ loaderData }: Route.ComponentProps) {
  const { list, categories, q, canEdit } = loaderData;
  const unitName = useUnitName();
  const hrefOf = (page: number) => `${GESTOR_PATHS.coupons}?${new URLSearchParams({ q, page: String(page) })}`;
  return (
    <>
      <GestorPageHeader title="Cupons">
        {canEdit ? (
          <Link to={GESTOR_PATHS.newCoupon} className={gestorButton}>
            Novo cupom
          </Link>
        ) : null}
      </GestorPageHeader>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="cupons-busca" className={gestorLabel}>
            Código
          </label>
          <input id="cupons-busca" name="q" defaultValue={q} className={gestorInput} maxLength={40} />
        </div>
        <button type="submit" className={gestorSecondaryButton}>
          Buscar
        </button>
      </Form>
      <GestorTable
        caption="Cupons da loja"
        headers={["Código", "Desconto", "Validade", "Limites", "Usos", "Vale para", "Situação"]}
        empty={list.total === 0 ? "Nenhum cupom encontrado." : null}
      >
        {list.rows.map((coupon) => (
          <tr key={coupon.id}>
            <td>
              <Link to={GESTOR_PATHS.coupon(coupon.id)} className="font-semibold underline">
                {coupon.code}
              </Link>
            </td>
            <td>{formatPercent(coupon.percentage)}%</td>
            <td>{couponWindow(coupon)}</td>
            <td>{couponLimits(coupon)}</td>
            <td>{coupon.uses}</td>
            <td>{couponReach(coupon, categories, unitName)}</td>
            <td>{COUPON_STATE_LABELS[coupon.state]}</td>
          </tr>
        ))}
      </GestorTable>
      <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={hrefOf} />
    </>
  );
}
