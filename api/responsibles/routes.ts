import { Hono } from "hono";
import { z } from "zod";
import { withCityOfStateFields } from "#app/features/address/city-of-state.ts";
import { responsibleSchema } from "#app/features/students/student-schemas.ts";
import type { ResponsibleReply } from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { STUDENT_NOT_FOUND } from "../students/student-repository.ts";
import { createResponsible } from "../students/student-service.ts";
import { parseInput, readJsonBody } from "../validation.ts";

const schema = withCityOfStateFields(responsibleSchema, "estado", "cidade");
const studentRef = z.object({
  studentId: z.string({ message: STUDENT_NOT_FOUND }).trim().min(1, { message: STUDENT_NOT_FOUND }).max(64, { message: STUDENT_NOT_FOUND }),
});

export function responsibleRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>().post("/create-responsible", requireCustomer(deps), async (c) => {
    const body = await readJsonBody(c);
    const customer = c.get("customer");
    const ids = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    // The responsible payload names the customer clientId (spec §3).
    assertOwnIds(customer, { customerId: ids.clientId, storeId: ids.storeId });
    const { studentId } = parseInput(studentRef, body);
    const data = parseInput(schema, body);
    return c.json<ResponsibleReply>({ responsible: await createResponsible(deps, customer, studentId, data) });
  });
}
