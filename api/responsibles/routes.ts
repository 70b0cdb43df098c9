import { Hono } from "hono";
import { withCityOfStateFields } from "#core/validation/city-of-state.ts";
import { students, type ResponsibleReply } from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { createResponsible } from "../students/service.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";

const schema = withCityOfStateFields(students.createResponsible.body, "estado", "cidade");

export function responsibleRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>().on(...at(students.createResponsible), requireCustomer(deps), async (c) => {
    const body = await readJsonBody(c);
    const customer = c.get("customer");
    const ids = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    // The responsible payload names the customer clientId (spec §3).
    assertOwnIds(customer, { customerId: ids.clientId, storeId: ids.storeId });
    const { studentId, storeId: _storeId, clientId: _clientId, ...data } = parseInput(schema, body);
    return c.json<ResponsibleReply>({ responsible: await createResponsible(deps, customer, studentId, data) });
  });
}
