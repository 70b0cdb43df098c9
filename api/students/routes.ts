import { Hono } from "hono";
import { withCityOfStateFields } from "#app/features/address/city-of-state.ts";
import {
  students,
  type CreatedStudentReply,
  type RemovedLinkReply,
  type StudentLinkReply,
  type StudentsReply,
} from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { ApiError } from "../errors.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";
import { listStudentLinks } from "./student-repository.ts";
import { addStudentByRA, alreadyStudent, createEmptyStudent, removeStudentLink } from "./student-service.ts";

/** Guessing RAs one after another would reveal students: 10 attempts a minute per customer. */
export const RA_BY_CUSTOMER = { name: "student-ra", limit: 10, windowMs: 60_000 };

const newStudentSchema = withCityOfStateFields(
  withCityOfStateFields(students.createEmptyStudent.body, "estado", "cidade"),
  "estadonatal",
  "naturalidade",
);

const asRecord = (body: unknown) =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};

export function studentRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  const own = requireOwnCustomer(deps);
  return new Hono<CustomerEnv>()
    .on(...at(students.listStudents), own, async (c) => {
      return c.json<StudentsReply>({ students: await listStudentLinks(deps.db, c.get("customer").id) });
    })
    .on(...at(students.addStudentByRA), auth, async (c) => {
      const body = asRecord(await readJsonBody(c));
      const customer = c.get("customer");
      assertOwnIds(customer, body);
      if (!(await hitRateLimit(deps, RA_BY_CUSTOMER, customer.id))) throw new ApiError(429, TOO_MANY_REQUESTS);
      const { RA } = parseInput(students.addStudentByRA.body, body);
      return c.json<StudentLinkReply>({ student: await addStudentByRA(deps, customer, RA) }, 201);
    })
    .on(...at(students.createEmptyStudent), auth, async (c) => {
      const body = asRecord(await readJsonBody(c));
      const customer = c.get("customer");
      assertOwnIds(customer, body);
      const data = parseInput(newStudentSchema, body);
      return c.json<CreatedStudentReply>({ student: await createEmptyStudent(deps, customer, data) }, 201);
    })
    .on(...at(students.removeStudentLink), own, async (c) => {
      const link = await removeStudentLink(deps, c.get("customer"), c.req.param("linkId"), c.req.param("studentId"));
      return c.json<RemovedLinkReply>({ link });
    })
    .on(...at(students.alreadyStudent), own, async (c) => {
      return c.json<StudentLinkReply>({ student: await alreadyStudent(deps, c.get("customer")) });
    });
}
