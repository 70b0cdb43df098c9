import { Link } from "react-router";
import { NotifyMeForm } from "#app/features/stock/notify-me-form.tsx";
import { notifyMeAction } from "#app/features/stock/notify-me.server.ts";
import { isProductPath } from "#app/lib/product-path.ts";
import type { Route } from "./+types/notify-me";

export const meta = () => [{ title: "Avise-me quando chegar | Loja Escolar" }, { name: "robots", content: "noindex" }];

/*
 * No loader redirect: after a post without JavaScript, React Router runs the page's loaders, and a
 * redirect there would replace the refusal the action answered with (and lose what was typed).
 */

export const action = (args: Route.ActionArgs) => notifyMeAction(args);

/** Without JavaScript, a refused request lands here: the form again, with its message and what was typed. */
export default function NotifyMePage({ actionData }: Route.ComponentProps) {
  // A GET (a bookmark, a reload after the post): the form lives on each sold-out product's page.
  if (!actionData)
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Avise-me quando chegar</h1>
        <p className="mt-2 text-slate-700">
          Na página de um produto esgotado, escolha o tamanho e peça o aviso: mandamos um e-mail quando ele voltar ao
          estoque.
        </p>
        <Link to="/" className="mt-4 inline-block font-semibold text-brand-600 hover:underline">
          Ir para a página inicial
        </Link>
      </div>
    );
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
