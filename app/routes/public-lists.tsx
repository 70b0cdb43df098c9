import { data, Link } from "react-router";
import { LIVE_LISTS, LIVE_RENDER_HEADER } from "#app/.server/page-cache.server.ts";
import { publicListPath } from "#app/features/lists/list-entry-links.ts";
import { loadPublicLists } from "#app/features/lists/public-list.server.ts";
import type { Route } from "./+types/public-lists";

export const meta = () => [
  { title: "Listas de material | Loja Escolar" },
  {
    name: "description",
    content: "As listas de material da escola para cada série: itens, quantidades e observações, para imprimir.",
  },
];

/** /listas-de-material (issue 29): every published list, by school year and course. */
export async function loader(args: Route.LoaderArgs) {
  // Lists are not in the catalogue's version: the page cache keeps this page while they stand (0087).
  return data(await loadPublicLists(args), { headers: { [LIVE_RENDER_HEADER]: LIVE_LISTS } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function PublicListsPage({ loaderData }: Route.ComponentProps) {
  const { periods } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="public-lists">
      <h1 className="text-2xl font-bold text-slate-900">Listas de material</h1>
      <p className="mt-2 text-slate-600">
        A lista da escola para cada série, com quantidades e observações. Abra a da série do seu estudante para ver os
        itens, imprimir ou baixar em PDF.
      </p>
      {periods.length === 0 ? (
        <p className="mt-6 text-slate-600">A escola ainda não publicou listas de material.</p>
      ) : (
        periods.map((period) => (
          <section key={period.periodCode} aria-labelledby={`ano-${period.periodCode}`} className="mt-8">
            <h2 id={`ano-${period.periodCode}`} className="text-xl font-bold text-slate-900">
              Ano letivo {period.year}
            </h2>
            {period.courses.map((course) => (
              <div key={course.course} className="mt-4">
                {course.course ? <h3 className="font-semibold text-slate-700">{course.course}</h3> : null}
                <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {course.lists.map((list) => (
                    <li key={list.id}>
                      <Link
                        to={publicListPath(list.periodCode, list.codgrade)}
                        className="flex h-full flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-500"
                        data-testid="public-list-link"
                      >
                        <span className="font-bold text-slate-900">{list.gradeName}</span>
                        <span className="text-sm text-slate-600">
                          {list.lineCount} {list.lineCount === 1 ? "item" : "itens"}
                        </span>
                        {list.discountPercentage ? (
                          <span className="text-sm font-semibold text-emerald-800">
                            Lista completa com {list.discountPercentage}% de desconto
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
