import { Link, redirect } from "react-router";
import { NotifyMeForm } from "#app/features/stock/notify-me-form.tsx";
import { notifyMeAction } from "#app/features/stock/notify-me.server.ts";
import { isProductPath } from "#app/lib/product-path.ts";
import type { Route } from "./+types/notify-me";

export const meta = () => [{ title: "Avise-me quando chegar | Loja Escolar" }, { name: "robots", content: "noindex" }];

/** The form lives on product pages: a GET here has nothing to show. */
export function loader() {
  return redirect("/");
}

export const action = (args: Route.ActionArgs) => notifyMeAction(args);

/** Without JavaScript, a refused request lands here: the form again, with its message and what was typed. */
export default function NotifyMePage({ actionData }: Route.ComponentProps) {
  if (!actionData) return null;
  const back = isProductPath(actionData.productPath) ? actionData.productPath : "/";
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="sr-only">Avise-me quando chegar</h1>
      <NotifyMeForm
        itemTOTVSId={actionData.itemTOTVSId}
        productPath={back}
        customerEmail={actionData.customerEmail}
        lastResult={actionData.result}
      />
      <Link to={back} className="mt-4 inline-block font-semibold text-brand-600 hover:underline">
        Voltar ao produto
      </Link>
    </div>
  );
}
