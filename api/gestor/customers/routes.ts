/**
 * Clientes e estudantes' calls (docs/decisions/0031): every role, a secretary for her units'
 * families only (decision 0061); the unlink is audited.
 */
import { Hono } from "hono";
import { CUSTOMER_NOT_FOUND, gestorCustomers } from "../../contract/gestor/customers.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { customerDetails, searchCustomers, searchStudents } from "./customer-directory.ts";
import { unlinkStudent } from "./unlink-student.ts";

export function gestorCustomerRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.customers });
  const { search, searchStudents: students, customer, unlinkStudent: unlink } = gestorCustomers;
  return new Hono<StaffEnv>()
    .on(...at(search), staff, validated(search), async (c) => {
      const { q, page } = c.req.valid("query");
      return c.json(await searchCustomers(deps.db, q, page, c.get("scope")));
    })
    .on(...at(students), staff, validated(students), async (c) => {
      const { q, page } = c.req.valid("query");
      return c.json(await searchStudents(deps.db, q, page, c.get("scope")));
    })
    .on(...at(customer), staff, validated(customer), async (c) => {
      const details = await customerDetails(deps.db, c.req.valid("param").customerId, c.get("scope"), deps.now());
      if (!details) throw notFound(CUSTOMER_NOT_FOUND);
      return c.json(details);
    })
    .on(...at(unlink), staff, validated(unlink), async (c) => {
      const { customerId, linkId } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const link = await unlinkStudent(deps, staffActor(c), c.get("scope"), { customerId, linkId, reason });
      return c.json({ link });
    });
}
