import { Hono } from "hono";
import { gestorCoupons } from "../../contract/gestor/coupons.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import { requireAdmin, requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import {
  couponOptions,
  createCoupon,
  getGestorCoupon,
  listGestorCoupons,
  setCouponPaused,
  updateCoupon,
} from "./service.ts";

/**
 * Cupons: the network's roles read (issue 15: the catalogue and coupons read-only for
 * atendimento; never a unit's secretary, decision 0061); admins write.
 */
export function gestorCouponRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.coupons });
  const admin = requireAdmin(deps);
  const { list, options, create, get, update } = gestorCoupons;
  return new Hono<StaffEnv>()
    .on(...at(list), staff, validated(list), async (c) => c.json(await listGestorCoupons(deps, c.req.valid("query"))))
    .on(...at(options), staff, validated(options), async (c) => {
      const { storeId } = c.req.valid("query");
      return c.json(await couponOptions(deps, storeId));
    })
    .on(...at(create), admin, validated(create), async (c) => {
      const { storeId, ...fields } = c.req.valid("json");
      return c.json({ coupon: await createCoupon(deps, staffActor(c), storeId, fields) });
    })
    .on(...at(get), staff, validated(get), async (c) => {
      const { page } = c.req.valid("query");
      return c.json(await getGestorCoupon(deps, c.req.param("couponId"), page));
    })
    .on(...at(update), admin, validated(update), async (c) => {
      const fields = c.req.valid("json");
      return c.json({ coupon: await updateCoupon(deps, staffActor(c), c.req.param("couponId"), fields) });
    })
    .on(...at(gestorCoupons.pause), admin, async (c) =>
      c.json({ coupon: await setCouponPaused(deps, staffActor(c), c.req.param("couponId"), true) }),
    )
    .on(...at(gestorCoupons.resume), admin, async (c) =>
      c.json({ coupon: await setCouponPaused(deps, staffActor(c), c.req.param("couponId"), false) }),
    );
}
