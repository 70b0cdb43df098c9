/**
 * The unit's counter (issue 30; api/contract/gestor/delivery.ts): Entrega (search, sale,
 * handOver), Troca (exchangeOptions, exchange) and the check-in (seatItems, seats, checkIn),
 * for admins everywhere and a unit's secretary for her units (decision 0061).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { DELIVERY_MESSAGES, DELIVERY_ROLES, gestorDelivery } from "../../contract/gestor/delivery.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { checkIn, seatItems, seatsOf } from "./check-in.ts";
import { counterSale, searchCounterSales } from "./counter-sale.ts";
import { exchangeLine, exchangeOptions } from "./exchange.ts";
import { handOver } from "./hand-over.ts";

/** The staff member at the counter, as the moves and the audit log name them. */
function counterActor(c: Context<StaffEnv>): AuditActor & { kind: "staff" } {
  const actor = staffActor(c);
  // requireStaff admitted a staff session: staffActor names a person, never a key or the CLI.
  if (actor.kind !== "staff") throw new Error("A counter call without a staff member");
  return actor;
}

export function gestorCounterRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: DELIVERY_ROLES });
  const calls = gestorDelivery;
  return new Hono<StaffEnv>()
    .on(...at(calls.search), staff, validated(calls.search), async (c) => {
      const { q } = c.req.valid("query");
      return c.json({ sales: await searchCounterSales(deps.db, await areaStoreId(deps), q, c.get("scope")) });
    })
    .on(...at(calls.sale), staff, validated(calls.sale), async (c) => {
      const sale = await counterSale(
        deps.db,
        await areaStoreId(deps),
        c.req.valid("param").saleId,
        c.get("scope"),
        deps.now(),
      );
      if (!sale) throw notFound(DELIVERY_MESSAGES.saleNotFound);
      return c.json({ sale });
    })
    .on(...at(calls.handOver), staff, validated(calls.handOver), async (c) =>
      c.json(
        await handOver(
          deps,
          counterActor(c),
          await areaStoreId(deps),
          c.get("scope"),
          c.req.valid("param").saleId,
          c.req.valid("json"),
        ),
      ),
    )
    .on(...at(calls.exchangeOptions), staff, validated(calls.exchangeOptions), async (c) =>
      c.json(
        await exchangeOptions(
          deps.db,
          await areaStoreId(deps),
          c.req.valid("param").lineId,
          c.get("scope"),
          deps.now(),
        ),
      ),
    )
    .on(...at(calls.exchange), staff, validated(calls.exchange), async (c) =>
      c.json(
        await exchangeLine(
          deps,
          counterActor(c),
          await areaStoreId(deps),
          c.get("scope"),
          c.req.valid("param").lineId,
          c.req.valid("json").toItemTOTVSId,
        ),
      ),
    )
    .on(...at(calls.seatItems), staff, async (c) =>
      c.json({ items: await seatItems(deps.db, await areaStoreId(deps), c.get("scope")) }),
    )
    .on(...at(calls.seats), staff, validated(calls.seats), async (c) => {
      const { unitCode, itemTOTVSId } = c.req.valid("query");
      const found = await seatsOf(deps.db, await areaStoreId(deps), c.get("scope"), unitCode, itemTOTVSId);
      if (!found) throw notFound(DELIVERY_MESSAGES.lineNotFound);
      return c.json(found);
    })
    .on(...at(calls.checkIn), staff, validated(calls.checkIn), async (c) =>
      c.json(
        await checkIn(deps, counterActor(c), await areaStoreId(deps), c.get("scope"), c.req.valid("param").lineId),
      ),
    );
}
