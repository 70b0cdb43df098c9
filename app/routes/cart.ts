import { redirect } from "react-router";
import { cartAction } from "#app/features/cart/cart-actions.server.ts";
import type { Route } from "./+types/cart";

export async function loader() {
  return redirect("/");
}

/** POST /carrinho: every cart form (app/features/cart/cart-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction({ request, context }, await request.formData());
}
