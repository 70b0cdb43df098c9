import { Link } from "react-router";
import { WaitingListForm } from "#app/features/stock/waiting-list-form.tsx";
import { joinWaitingListAction } from "#app/features/stock/waiting-list.server.ts";
import { isProductPath } from "#app/lib/product-path.ts";
import type { Route } from "./+types/waiting-list";

export const meta = () => [{ title: "Lista de espera | Loja Escolar" }, { name: "robots", content: "noindex" }];

/**
 * The form lives on a full class's product page. A loader of its own, answering nothing: after
 * a refused post without JavaScript this page renders the form again (a redirect here would lose
 * it), and a GET shows only the way back.
 */
export function loader() {
  return null;
}

export const action = (args: Route.ActionArgs) => joinWaitingListAction(args);

/** Without JavaScript, a refused request lands here: the form again, with its message and what was typed. */
export default function WaitingListPage({ actionData }: Route.ComponentProps) {
  if (!actionData)
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <h1 className="text-xl font-bold text-slate-900">Lista de espera</h1>
        <p className="mt-2 text-slate-700">
          Para entrar na lista de espera, abra a página do curso ou evento com a turma lotada.
        </p>
        <Link to="/" className="mt-4 inline-block font-semibold text-brand-600 hover:underline">
          Voltar à loja
        </Link>
      </div>
    );
  const back = isProductPath(actionData.productPath) ? actionData.productPath : "/";
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="sr-only">Lista de espera</h1>
      <WaitingListForm
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
