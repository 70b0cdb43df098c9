import { Hono } from "hono";
import { gestorCoupons } from "../../contract/gestor/coupons.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, parseInput, readJsonBody } from "../../validation.ts";
import { requireAdmin, requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import {
  couponOptions,
  createCoupon,
  getGestorCoupon,
  listGestorCoupons,
  setCouponPaused,
  updateCoupon,
} from "./service.ts";

/** Cupons: both roles read (issue 15: the catalogue and coupons read-only for atendimento); admins write. */
export function gestorCouponRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps);
  const admin = requireAdmin(deps);
  return new Hono<StaffEnv>()
    .on(...at(gestorCoupons.list), staff, async (c) =>
      c.json(await listGestorCoupons(deps, parseInput(gestorCoupons.list.query, c.req.query()))),
    )
    .on(...at(gestorCoupons.options), staff, async (c) => {
      const { storeId } = parseInput(gestorCoupons.options.query, c.req.query());
      return c.json(await couponOptions(deps, storeId));
    })
    .on(...at(gestorCoupons.create), admin, async (c) => {
      const { storeId, ...fields } = parseInput(gestorCoupons.create.body, await readJsonBody(c));
      return c.json({ coupon: await createCoupon(deps, staffActor(c), storeId, fields) });
    })
    .on(...at(gestorCoupons.get), staff, async (c) => {
      const { page } = parseInput(gestorCoupons.get.query, c.req.query());
      return c.json(await getGestorCoupon(deps, c.req.param("couponId"), page));
    })
    .on(...at(gestorCoupons.update), admin, async (c) => {
      const fields = parseInput(gestorCoupons.update.body, await readJsonBody(c));
      return c.json({ coupon: await updateCoupon(deps, staffActor(c), c.req.param("couponId"), fields) });
    })
    .on(...at(gestorCoupons.pause), admin, async (c) =>
      c.json({ coupon: await setCouponPaused(deps, staffActor(c), c.req.param("couponId"), true) }),
    )
    .on(...at(gestorCoupons.resume), admin, async (c) =>
      c.json({ coupon: await setCouponPaused(deps, staffActor(c), c.req.param("couponId"), false) }),
    );
}
