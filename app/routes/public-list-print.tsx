import { Link } from "react-router";
import { getEnv } from "#app/.server/env.server.ts";
import { publicListPath } from "#app/features/lists/list-entry-links.ts";
import { PublicListChecklist } from "#app/features/lists/public-list-checklist.tsx";
import { loadPublicList } from "#app/features/lists/public-list.server.ts";
import { listTitle } from "#app/features/lists/public-list-texts.ts";
import { PrintButton } from "#app/ui/print-button.tsx";
import { formatCalendarDate, todayInBrazil } from "#core/dates.ts";
import type { Route } from "./+types/public-list-print";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${listTitle(loaderData.list)} | Loja Escolar` : "Página não encontrada | Loja Escolar" },
];

/**
 * /listas-de-material/:periodCode/:codgrade/imprimir (issue 29): the list clean on paper,
 * outside the shop's layout (no header, menu or footer), as the public receipt.
 */
export async function loader(args: Route.LoaderArgs) {
  const list = await loadPublicList(args, args.params.periodCode, args.params.codgrade);
  const pageUrl = `${getEnv().publicUrl}${publicListPath(list.periodCode, list.codgrade)}`;
  return { list, pricesOn: formatCalendarDate(todayInBrazil()), pageUrl };
}

export default function PublicListPrintPage({ loaderData }: Route.ComponentProps) {
  const { list, pricesOn, pageUrl } = loaderData;
  const path = publicListPath(list.periodCode, list.codgrade);
  return (
    <main className="mx-auto max-w-3xl bg-white p-8 text-slate-900 print:max-w-none print:p-0" data-testid="list-print">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 pb-4">
        {/* The shop's logo is drawn for its dark header: on paper, the store's name. */}
        <p className="text-xl font-extrabold text-brand-700">Loja Escolar</p>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <Link to={path} className="text-sm font-semibold text-brand-600 hover:underline">
            Voltar à lista
          </Link>
          <a href={`${path}/pdf`} download className="text-sm font-semibold text-brand-600 hover:underline">
            Baixar PDF
          </a>
          <PrintButton />
        </div>
      </header>
      <PublicListChecklist list={list} pricesOn={pricesOn} pageUrl={pageUrl} />
    </main>
  );
}
