/**
 * The city-belongs-to-state rule needs the 5,571 IBGE cities, too heavy for every
 * page's script: browser forms check the fields alone, and the server (route actions
 * and the store API) wraps the same schemas with this rule.
 */
import type { z } from "zod";
import { isCityOf } from "../ibge/index.ts";
import { CUSTOMER_MESSAGES as M, whenValid } from "./customer-fields.ts";

/** The schema plus the IBGE check that its city belongs to its state. */
export function withCityOfState<T extends z.ZodType<{ state: string; city: string }>>(schema: T) {
  return withCityOfStateFields(schema, "state", "city");
}

/** The same check for other field names (the student's estado/cidade, estadonatal/naturalidade). */
export function withCityOfStateFields<S extends string, C extends string, T extends z.ZodType<Record<S | C, string>>>(
  schema: T,
  stateKey: S,
  cityKey: C,
) {
  return schema.superRefine(
    (value: Record<S | C, string>, ctx: z.RefinementCtx) => {
      if (!isCityOf(value[stateKey], value[cityKey])) {
        ctx.addIssue({ code: "custom", message: M.cityOfState, path: [cityKey] });
      }
    },
    whenValid(stateKey, cityKey),
  );
}
