import { redirect } from "react-router";
import { currentCustomer, storeApi } from "#app/.server/request-context.server.ts";
import { destroyCustomerSession } from "#app/.server/session.server.ts";
import type { Route } from "./+types/logout";

export async function loader() {
  return redirect("/");
}

/** Logout is a POST (a link could be triggered by another site). */
export async function action({ request, context }: Route.ActionArgs) {
  // The token is revoked on the API too, where it has the call (beyond spec §7, 0026); a
  // failure there still ends the local session.
  if (currentCustomer(context) && storeApi(context).supports("logoutCustomer")) {
    await storeApi(context)
      .logoutCustomer()
      .catch((error) => console.warn("[sair] token não revogado:", error instanceof Error ? error.message : error));
  }
  return redirect("/", { headers: { "set-cookie": await destroyCustomerSession(request) } });
}
