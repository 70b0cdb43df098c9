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
import { requireOwnIdsInBody } from "../accounts/ownership.ts";
import { callerAddress } from "../rate-limit.ts";
import { at, validated } from "../validation.ts";
import { withLinkAttempt } from "./link-attempts.ts";
import { listStudentLinks } from "./repository.ts";
import { addStudentByRA, alreadyStudent, createEmptyStudent, removeStudentLink } from "./service.ts";

/** Both the address's city and the birthplace belong to their states (IBGE; server-only). */
const citiesOfStates = (body: typeof students.createEmptyStudent.body) =>
  withCityOfStateFields(withCityOfStateFields(body, "estado", "cidade"), "estadonatal", "naturalidade");

export function studentRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  const own = requireOwnCustomer(deps);
  const ownIds = requireOwnIdsInBody();
  const { addStudentByRA: byRA, createEmptyStudent: emptyStudent } = students;
  return new Hono<CustomerEnv>()
    .on(...at(students.listStudents), own, async (c) => {
      return c.json<StudentsReply>({ students: await listStudentLinks(deps.db, c.get("customer").id) });
    })
    .on(...at(byRA), auth, ownIds, validated(byRA), async (c) => {
      const customer = c.get("customer");
      const { RA, dtnascimento, consentVersion } = c.req.valid("json");
      const link = await withLinkAttempt(deps, { customerId: customer.id, address: callerAddress(c) }, () =>
        addStudentByRA(deps, customer, { ra: RA, birthDate: dtnascimento, consentVersion }),
      );
      return c.json<StudentLinkReply>({ student: link }, 201);
    })
    .on(...at(emptyStudent), auth, ownIds, validated(emptyStudent, citiesOfStates), async (c) => {
      const { consentVersion, ...data } = c.req.valid("json");
      return c.json<CreatedStudentReply>(
        { student: await createEmptyStudent(deps, c.get("customer"), data, consentVersion) },
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
