import { Hono } from "hono";
import { withCityOfStateFields } from "#core/validation/city-of-state.ts";
import {
  students,
  type CreatedStudentReply,
  type RemovedLinkReply,
  type StudentLinkReply,
  type StudentsReply,
} from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { callerAddress } from "../rate-limit.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";
import { withLinkAttempt } from "./link-attempts.ts";
import { listStudentLinks } from "./repository.ts";
import { addStudentByRA, alreadyStudent, createEmptyStudent, removeStudentLink } from "./service.ts";

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
      const { RA, dtnascimento, consentVersion } = parseInput(students.addStudentByRA.body, body);
      const link = await withLinkAttempt(deps, { customerId: customer.id, address: callerAddress(c) }, () =>
        addStudentByRA(deps, customer, { ra: RA, birthDate: dtnascimento, consentVersion }),
      );
      return c.json<StudentLinkReply>({ student: link }, 201);
    })
    .on(...at(students.createEmptyStudent), auth, async (c) => {
      const body = asRecord(await readJsonBody(c));
      const customer = c.get("customer");
      assertOwnIds(customer, body);
      const { consentVersion, ...data } = parseInput(newStudentSchema, body);
      return c.json<CreatedStudentReply>(
        { student: await createEmptyStudent(deps, customer, data, consentVersion) },
        201,
      );
    })
    .on(...at(students.removeStudentLink), own, async (c) => {
      const link = await removeStudentLink(deps, c.get("customer"), c.req.param("linkId"), c.req.param("studentId"));
      return c.json<RemovedLinkReply>({ link });
    })
    .on(...at(students.alreadyStudent), own, async (c) => {
      return c.json<StudentLinkReply>({ student: await alreadyStudent(deps, c.get("customer")) });
    });
}
