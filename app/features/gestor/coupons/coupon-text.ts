/** How the area writes a coupon's window, limits and reach in one line each. */
import type { GestorCoupon } from "#api/contract/gestor/coupons.ts";
import { formatCalendarDate } from "#core/dates.ts";

export const couponWindow = (coupon: GestorCoupon) =>
  `${formatCalendarDate(coupon.startsOn)} a ${formatCalendarDate(coupon.endsOn)}`;

export function couponLimits(coupon: GestorCoupon): string {
  const parts = [
    coupon.maxUses === null ? null : `${coupon.maxUses} no total`,
    coupon.maxUsesPerCustomer === null ? null : `${coupon.maxUsesPerCustomer} por cliente`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "Sem limite";
}

/** Where a coupon applies; `unitName` is the page's (useUnitName), the units being the store's data. */
export function couponReach(
  coupon: GestorCoupon,
  categories: { id: string; title: string }[],
  unitName: (code: string) => string,
): string {
  const units = coupon.unitCodes.map(unitName);
  const titles = coupon.categoryIds.map((id) => categories.find((category) => category.id === id)?.title ?? id);
  const parts = [
    units.length > 0 ? `Unidades: ${units.join(", ")}` : null,
    titles.length > 0 ? `Categorias: ${titles.join(", ")}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "Toda a loja";
}
