import { currentCustomer } from "#app/.server/request-context.server.ts";
import { PublicList } from "#app/features/lists/public-list.tsx";
import { buyersOf, loadPublicList } from "#app/features/lists/public-list.server.ts";
import { listSubtitle, listTitle } from "#app/features/lists/public-list-texts.ts";
import type { Route } from "./+types/public-list";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${listTitle(loaderData.list)} | Loja Escolar` },
        { name: "description", content: `${listTitle(loaderData.list)}: ${listSubtitle(loaderData.list)}.` },
      ]
    : [{ title: "Página não encontrada | Loja Escolar" }];

/** /listas-de-material/:periodCode/:codgrade (issue 29): one published list, for anyone. */
export async function loader(args: Route.LoaderArgs) {
  const list = await loadPublicList(args, args.params.periodCode, args.params.codgrade);
  return {
    list,
    loggedIn: Boolean(currentCustomer(args.context)),
    buyers: await buyersOf(args, list),
  };
}

export default function PublicListPage({ loaderData }: Route.ComponentProps) {
  return <PublicList list={loaderData.list} loggedIn={loaderData.loggedIn} buyers={loaderData.buyers} />;
}
