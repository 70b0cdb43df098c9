import { gestorSales } from "#api/contract/gestor/sales.ts";
import { requireStaff } from "../staff-guard.server.ts";

/** The Painel's figures (docs/decisions/0030-gestor-orders.md). */
export async function dashboardPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "dashboard" });
  return { name: staff.name, figures: await call(gestorSales.dashboard, {}) };
}
