import { Hono } from "hono";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import { gestorTickets } from "../../contract/gestor/tickets.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { changeTicketStatus, getGestorTicket, listGestorTickets, replyToTicket } from "./service.ts";

/** Atendimento: every role (issue 15), a secretary for her units' tickets (decision 0061). */
export function gestorTicketRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.tickets });
  return new Hono<StaffEnv>()
    .on(...at(gestorTickets.list), staff, validated(gestorTickets.list), async (c) =>
      c.json(await listGestorTickets(deps, c.req.valid("query"), c.get("scope"))),
    )
    .on(...at(gestorTickets.get), staff, async (c) =>
      c.json(await getGestorTicket(deps, c.req.param("ticketId"), c.get("scope"))),
    )
    .on(...at(gestorTickets.reply), staff, validated(gestorTickets.reply), async (c) => {
      const { message } = c.req.valid("json");
      return c.json(
        await replyToTicket(deps, staffActor(c), c.get("staff"), c.get("scope"), c.req.param("ticketId"), message),
      );
    })
    .on(...at(gestorTickets.close), staff, async (c) =>
      c.json(await changeTicketStatus(deps, staffActor(c), c.get("scope"), c.req.param("ticketId"), true)),
    )
    .on(...at(gestorTickets.reopen), staff, async (c) =>
      c.json(await changeTicketStatus(deps, staffActor(c), c.get("scope"), c.req.param("ticketId"), false)),
    );
}
