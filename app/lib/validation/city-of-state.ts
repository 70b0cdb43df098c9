/**
 * The city-belongs-to-state rule needs the 5,571 IBGE cities, too heavy for every
 * page's script: browser forms check the fields alone, and the server (route actions
 * and the store API) wraps the same schemas with this rule.
 */
import type { z } from "zod";
import { isCityOf } from "../ibge/index.ts";
import { CUSTOMER_MESSAGES as M, whenValid } from "./customer-fields.ts";

function cityBelongsToState(value: { state: string; city: string }, ctx: z.RefinementCtx) {
  if (!isCityOf(value.state, value.city)) {
    ctx.addIssue({ code: "custom", message: M.cityOfState, path: ["city"] });
  }
}

/** The schema plus the IBGE check that its city belongs to its state. */
export function withCityOfState<T extends z.ZodType<{ state: string; city: string }>>(schema: T) {
  return schema.superRefine(cityBelongsToState, whenValid("state", "city"));
}
