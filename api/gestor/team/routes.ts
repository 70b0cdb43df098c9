import { Hono } from "hono";
import { gestorTeam } from "../../contract/gestor/team.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import {
  changeRole,
  deactivateMember,
  inviteMember,
  listTeam,
  reactivateMember,
  resetMemberTotp,
  sendPasswordLink,
  teamMember,
} from "./service.ts";

/** Equipe: admins only (atendimento gets 403 from every call). */
export function teamRoutes(deps: ApiDeps) {
  return new Hono<StaffEnv>()
    .use("/gestor/team", requireAdmin(deps))
    .use("/gestor/team/*", requireAdmin(deps))
    .on(...at(gestorTeam.list), async (c) => c.json({ members: await listTeam(deps.db) }))
    .on(...at(gestorTeam.invite), validated(gestorTeam.invite), async (c) =>
      c.json(await inviteMember(deps, staffActor(c), c.req.valid("json"))),
    )
    .on(...at(gestorTeam.get), async (c) => c.json({ member: await teamMember(deps.db, c.req.param("staffId")) }))
    .on(...at(gestorTeam.changeRole), validated(gestorTeam.changeRole), async (c) => {
      return c.json({ member: await changeRole(deps, staffActor(c), c.req.param("staffId"), c.req.valid("json")) });
    })
    .on(...at(gestorTeam.deactivate), async (c) =>
      c.json({ member: await deactivateMember(deps, staffActor(c), c.req.param("staffId")) }),
    )
    .on(...at(gestorTeam.reactivate), async (c) =>
      c.json({ member: await reactivateMember(deps, staffActor(c), c.req.param("staffId")) }),
    )
    .on(...at(gestorTeam.resetTotp), async (c) =>
      c.json({ member: await resetMemberTotp(deps, staffActor(c), c.req.param("staffId")) }),
    )
    .on(...at(gestorTeam.sendPasswordLink), async (c) =>
      c.json(await sendPasswordLink(deps, staffActor(c), c.req.param("staffId"))),
    );
}
