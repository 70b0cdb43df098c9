import { DELIVERY_ROLES, gestorDelivery } from "#api/contract/gestor/delivery.ts";
import { gestorSales } from "#api/contract/gestor/sales.ts";
import { gestorStock } from "#api/contract/gestor/stock.ts";
import { requireStaff } from "../staff-guard.server.ts";

/**
 * The Painel's figures (docs/decisions/0030-gestor-orders.md) and Estoque's counts (issue 28):
 * items with low stock and full classes, of a secretary's units only (the API's scope); for the
 * unit's staff and admins, what waits for separation and pickup per unit (issue 30).
 */
export async function dashboardPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "dashboard" });
  const delivers = (DELIVERY_ROLES as readonly string[]).includes(staff.role);
  const [figures, stock, delivery] = await Promise.all([
    call(gestorSales.dashboard, {}),
    call(gestorStock.summary, {}),
    delivers ? call(gestorDelivery.summary, {}) : null,
  ]);
  return { name: staff.name, figures, stock, delivery };
}
