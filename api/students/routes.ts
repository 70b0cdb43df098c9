import { Hono } from "hono";
import { z } from "zod";
import { withCityOfStateFields } from "#app/features/address/city-of-state.ts";
import { newStudentPayloadSchema, raField } from "#app/features/students/student-schemas.ts";
import type { CreatedStudentReply, RemovedLinkReply, StudentLinkReply, StudentsReply } from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { ApiError } from "../errors.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { parseInput, readJsonBody } from "../validation.ts";
import { listStudentLinks } from "./student-repository.ts";
import { addStudentByRA, alreadyStudent, createEmptyStudent, removeStudentLink } from "./student-service.ts";

/** Guessing RAs one after another would reveal students: 10 attempts a minute per customer. */
export const RA_BY_CUSTOMER = { name: "student-ra", limit: 10, windowMs: 60_000 };

const newStudentSchema = withCityOfStateFields(
  withCityOfStateFields(newStudentPayloadSchema, "estado", "cidade"),
  "estadonatal",
  "naturalidade",
);

const asRecord = (body: unknown) => (typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {});

export function studentRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  const own = requireOwnCustomer(deps);
  return new Hono<CustomerEnv>()
    .get("/list-students-by-customer/:customerId/store/:storeId", own, async (c) => {
      const students = await listStudentLinks(deps.db, c.get("customer").id);
      return c.json<StudentsReply>({ students });
    })
    .post("/add-student-to-customer", auth, async (c) => {
      const body = asRecord(await readJsonBody(c));
      const customer = c.get("customer");
      assertOwnIds(customer, body);
      if (!(await hitRateLimit(deps, RA_BY_CUSTOMER, customer.id))) throw new ApiError(429, TOO_MANY_REQUESTS);
      const { RA } = parseInput(z.object({ RA: raField }), body);
      return c.json<StudentLinkReply>({ student: await addStudentByRA(deps, customer, RA) }, 201);
    })
    .post("/create-empty-student", auth, async (c) => {
      const body = asRecord(await readJsonBody(c));
      const customer = c.get("customer");
      assertOwnIds(customer, body);
      const data = parseInput(newStudentSchema, body);
      return c.json<CreatedStudentReply>({ student: await createEmptyStudent(deps, customer, data) }, 201);
    })
    .post("/soft-delete-link-student-to-customer/:linkId/student/:studentId/customer/:customerId/store/:storeId", own, async (c) => {
      const link = await removeStudentLink(deps, c.get("customer"), c.req.param("linkId"), c.req.param("studentId"));
      return c.json<RemovedLinkReply>({ link });
    })
    .post("/already-student/:customerId/store/:storeId", own, async (c) => {
      return c.json<StudentLinkReply>({ student: await alreadyStudent(deps, c.get("customer")) });
    });
}
