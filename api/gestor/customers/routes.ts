/** Clientes e estudantes' calls (docs/decisions/0031): both roles; the unlink is audited. */
import { Hono } from "hono";
import { CUSTOMER_NOT_FOUND, gestorCustomers } from "../../contract/gestor/customers.ts";
import { LINK_NOT_FOUND } from "../../contract/students.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, parseInput, readJsonBody, uuidParam } from "../../validation.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { customerDetails, searchCustomers, searchStudents } from "./customer-directory.ts";
import { unlinkStudent } from "./unlink-student.ts";

/** An id that is no id finds nothing, like an unknown one (404, not 400). */
function idOf(value: string, message: string): string {
  if (!uuidParam(message).safeParse(value).success) throw notFound(message);
  return value;
}

export function gestorCustomerRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.customers });
  return new Hono<StaffEnv>()
    .on(...at(gestorCustomers.search), staff, async (c) => {
      const { q, page } = parseInput(gestorCustomers.search.query, c.req.query());
      return c.json(await searchCustomers(deps.db, q, page));
    })
    .on(...at(gestorCustomers.searchStudents), staff, async (c) => {
      const { q, page } = parseInput(gestorCustomers.searchStudents.query, c.req.query());
      return c.json(await searchStudents(deps.db, q, page));
    })
    .on(...at(gestorCustomers.customer), staff, async (c) => {
      const details = await customerDetails(deps.db, idOf(c.req.param("customerId"), CUSTOMER_NOT_FOUND));
      if (!details) throw notFound(CUSTOMER_NOT_FOUND);
      return c.json(details);
    })
    .on(...at(gestorCustomers.unlinkStudent), staff, async (c) => {
      const customerId = idOf(c.req.param("customerId"), CUSTOMER_NOT_FOUND);
      const linkId = idOf(c.req.param("linkId"), LINK_NOT_FOUND);
      const { reason } = parseInput(gestorCustomers.unlinkStudent.body, await readJsonBody(c));
      const link = await unlinkStudent(deps, staffActor(c), { customerId, linkId, reason });
      return c.json({ link });
    });
}
