import { Hono } from "hono";
import { withCityOfStateFields } from "#core/validation/city-of-state.ts";
import { students, type ResponsibleReply } from "../contract/students.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { requireOwnIdsInBody } from "../accounts/ownership.ts";
import { createResponsible } from "../students/service.ts";
import { at, validated } from "../validation.ts";

const cityOfState = (body: typeof students.createResponsible.body) => withCityOfStateFields(body, "estado", "cidade");
// The responsible payload names the customer clientId (spec §3).
const ownIds = requireOwnIdsInBody((body) => ({ customerId: body.clientId, storeId: body.storeId }));

export function responsibleRoutes(deps: ApiDeps) {
  const { createResponsible: declared } = students;
  return new Hono<CustomerEnv>().on(
    ...at(declared),
    requireCustomer(deps),
    ownIds,
    validated(declared, cityOfState),
    async (c) => {
      const { studentId, storeId: _storeId, clientId: _clientId, ...data } = c.req.valid("json");
      return c.json<ResponsibleReply>({
        responsible: await createResponsible(deps, c.get("customer"), studentId, data),
      });
    },
  );
}
