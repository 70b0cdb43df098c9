import { redirect } from "react-router";
import { validateCsrf } from "#app/.server/csrf.server.ts";
import { destroyCustomerSession, getSessionCustomer } from "#app/.server/session.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import type { Route } from "./+types/logout";

export async function loader() {
  return redirect("/");
}

/** Logout is a POST (a link could be triggered by another site). */
export async function action({ request }: Route.ActionArgs) {
  await validateCsrf(await request.formData(), request.headers);
  const current = await getSessionCustomer(request);
  if (current) {
    // The token is revoked on the API too; a failure there still ends the local session.
    await storeApiFor(request, current.token)
      .logoutCustomer()
      .catch((error) => console.warn("[sair] token não revogado:", error instanceof Error ? error.message : error));
  }
  return redirect("/", { headers: { "set-cookie": await destroyCustomerSession(request) } });
}
