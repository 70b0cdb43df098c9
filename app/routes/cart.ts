import { redirect } from "react-router";
import { cartAction } from "#app/features/cart/cart-actions.server.ts";
import { validateCsrf } from "#app/.server/csrf.server.ts";
import type { Route } from "./+types/cart";

export async function loader() {
  return redirect("/");
}

/** POST /carrinho: every cart form (app/.server/cart-actions.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request.headers);
  return cartAction(request, formData);
}
