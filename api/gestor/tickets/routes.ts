import { Hono } from "hono";
import { gestorTickets } from "../../contract/gestor/tickets.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { changeTicketStatus, getGestorTicket, listGestorTickets, replyToTicket } from "./service.ts";

/** Atendimento: both roles (issue 15). */
export function gestorTicketRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps);
  return new Hono<StaffEnv>()
    .on(...at(gestorTickets.list), staff, validated(gestorTickets.list), async (c) =>
      c.json(await listGestorTickets(deps, c.req.valid("query"))),
    )
    .on(...at(gestorTickets.get), staff, async (c) => c.json(await getGestorTicket(deps, c.req.param("ticketId"))))
    .on(...at(gestorTickets.reply), staff, validated(gestorTickets.reply), async (c) => {
      const { message } = c.req.valid("json");
      return c.json(await replyToTicket(deps, staffActor(c), c.get("staff"), c.req.param("ticketId"), message));
    })
    .on(...at(gestorTickets.close), staff, async (c) =>
      c.json(await changeTicketStatus(deps, staffActor(c), c.req.param("ticketId"), true)),
    )
    .on(...at(gestorTickets.reopen), staff, async (c) =>
      c.json(await changeTicketStatus(deps, staffActor(c), c.req.param("ticketId"), false)),
    );
}
