import { gestorSales } from "#api/contract/gestor/sales.ts";
import { gestorStock } from "#api/contract/gestor/stock.ts";
import { requireStaff } from "../staff-guard.server.ts";

/**
 * The Painel's figures (docs/decisions/0030-gestor-orders.md) and Estoque's counts (issue 28):
 * items with low stock and full classes, of a secretary's units only (the API's scope).
 */
export async function dashboardPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "dashboard" });
  const [figures, stock] = await Promise.all([call(gestorSales.dashboard, {}), call(gestorStock.summary, {})]);
  return { name: staff.name, figures, stock };
}
