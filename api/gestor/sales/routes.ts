/**
 * Painel and Pedidos (issue 15; docs/decisions/0030-gestor-orders.md): admin and atendimento
 * read every sale and act on it; a secretary, the sales with a line of her units, and acts only
 * on those wholly of her units (decision 0061). The actions are the command line's
 * (api/gestor/sales/service.ts), audited as the staff member who asked.
 */
import { Hono } from "hono";
import { gestorSales } from "../../contract/gestor/sales.ts";
import { SALE_NOT_FOUND } from "../../contract/orders.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { GestorError } from "../gestor-error.ts";
import { cancelSale, confirmSalePayment, refundSale } from "./service.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import type { SaleStatusChange } from "../../sales/sale-lifecycle.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";
import { listSales, unitsOfSale } from "./sale-search.ts";
import { saleDetail } from "./sale-detail.ts";
import { salesCsv } from "./sales-csv.ts";
import { salesDashboard } from "./sales-dashboard.ts";

/** A sale the action cannot change as asked (paid, not paid, the acquirer refused…): 409 with the reason. */
async function saleAction(run: () => Promise<SaleStatusChange>) {
  try {
    const change = await run();
    return { sale: { id: change.saleId, referenceCode: change.referenceCode, status: change.to } };
  } catch (error) {
    if (error instanceof GestorError) throw new ApiError(409, error.message);
    throw error;
  }
}

export const MIXED_SALE =
  "Este pedido tem itens de outra unidade: peça a um administrador ou ao atendimento que faça esta ação.";

export function gestorSalesRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.sales });
  /**
   * 404 before any action, so the actions' own "not found" never reads as a conflict; a sale
   * out of the person's units is not found either (a 403 would confirm it exists).
   */
  const saleToChange = async (saleId: string, scope: StaffScope) => {
    const found = await deps.db.selectFrom("sales").select("id").where("id", "=", saleId).executeTakeFirst();
    if (!found) throw notFound(SALE_NOT_FOUND);
    if (scope.kind === "network") return found.id;
    const units = await unitsOfSale(deps.db, found.id);
    if (!units.some((code) => inScope(scope, code))) throw notFound(SALE_NOT_FOUND);
    if (!units.every((code) => inScope(scope, code))) throw new ApiError(403, MIXED_SALE);
    return found.id;
  };
  return (
    new Hono<StaffEnv>()
      .on(...at(gestorSales.dashboard), staff, async (c) => c.json(await salesDashboard(deps, c.get("scope"))))
      .on(...at(gestorSales.list), staff, validated(gestorSales.list), async (c) => {
        const { page, ...filters } = c.req.valid("query");
        return c.json(await listSales(deps.db, filters, page, c.get("scope")));
      })
      // Before /gestor/sales/:saleId, which would take "export" for an id.
      .on(...at(gestorSales.exportCsv), staff, validated(gestorSales.exportCsv), async (c) => {
        const csv = await salesCsv(deps.db, c.req.valid("query"), c.get("scope"));
        return c.body(csv, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="pedidos.csv"',
        });
      })
      .on(...at(gestorSales.get), staff, async (c) => {
        const sale = await saleDetail(deps.db, c.req.param("saleId"), c.get("scope"));
        if (!sale) throw notFound(SALE_NOT_FOUND);
        return c.json({ sale });
      })
      .on(...at(gestorSales.confirmPayment), staff, async (c) => {
        const saleId = await saleToChange(c.req.param("saleId"), c.get("scope"));
        return c.json(await saleAction(() => confirmSalePayment(deps, saleId, staffActor(c))));
      })
      .on(...at(gestorSales.cancel), staff, async (c) => {
        const saleId = await saleToChange(c.req.param("saleId"), c.get("scope"));
        return c.json(await saleAction(() => cancelSale(deps, saleId, staffActor(c))));
      })
      .on(...at(gestorSales.refund), staff, validated(gestorSales.refund), async (c) => {
        const { reason, piecesReturned } = c.req.valid("json");
        const saleId = await saleToChange(c.req.param("saleId"), c.get("scope"));
        return c.json(await saleAction(() => refundSale(deps, saleId, staffActor(c), reason, { piecesReturned })));
      })
  );
}
