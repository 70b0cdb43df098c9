import type { MaterialList } from "#api/contract/material-lists.ts";
import {
  buyAnywhereNotice,
  lineAvailabilityText,
  linePriceText,
  listSubtitle,
  listTitle,
  requiredLabel,
  SCHOOL_ONLY_MARK,
} from "./public-list-texts.ts";

/**
 * The printable list (issue 29): a checklist to tick while buying anywhere, every line with its
 * description. No picture, no link: it is read on paper.
 */
export function PublicListChecklist({
  list,
  pricesOn,
  pageUrl,
}: {
  list: MaterialList;
  /** "27/11/2026": the day the prices are of. */
  pricesOn: string;
  /** The public page's full address, so a paper copy leads back to it. */
  pageUrl: string;
}) {
  return (
    <>
      <h1 className="mt-6 text-2xl font-bold">{listTitle(list)}</h1>
      <p className="text-slate-600">{listSubtitle(list)}</p>
      {list.notice ? (
        <p className="mt-3 rounded border border-slate-300 p-3 text-sm" data-testid="list-notice">
          <span className="font-semibold">Aviso da escola: </span>
          {list.notice}
        </p>
      ) : null}
      <table className="mt-4 w-full border-collapse text-sm" data-testid="list-checklist">
        <thead>
          <tr className="border-b-2 border-slate-400 text-left">
            <th className="w-8 py-1">
              <span className="sr-only">Comprado</span>
            </th>
            <th className="w-12 py-1">Qtd.</th>
            <th className="py-1">Item</th>
            <th className="w-24 py-1">Situação</th>
            <th className="w-28 py-1 text-right">Preço na loja</th>
          </tr>
        </thead>
        <tbody>
          {list.lines.map((line) => {
            const availability = lineAvailabilityText(line);
            return (
              <tr key={line.lineId} className="break-inside-avoid border-b border-slate-200 align-top">
                <td className="py-2">
                  <span aria-hidden="true" className="inline-block h-4 w-4 border-2 border-slate-500" />
                </td>
                <td className="py-2 font-semibold">{line.quantity}</td>
                <td className="py-2 pr-2">
                  <span className="block font-semibold">{line.title}</span>
                  {line.schoolOnly ? (
                    <span className="block text-xs font-semibold" data-testid="school-only">
                      {SCHOOL_ONLY_MARK}
                    </span>
                  ) : null}
                  {line.note ? (
                    <span className="block text-xs italic" data-testid="line-note">
                      Observação da escola: {line.note}
                    </span>
                  ) : null}
                  <span className="block text-xs text-slate-600">{line.description}</span>
                </td>
                <td className="py-2">{requiredLabel(line)}</td>
                <td className="py-2 text-right">
                  {linePriceText(line)}
                  {availability ? <span className="block text-xs">{availability}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-4 text-sm">{buyAnywhereNotice(list)}</p>
      <p className="mt-1 text-xs text-slate-500">
        Preços da loja em {pricesOn}; podem mudar. Lista on-line: {pageUrl}
      </p>
    </>
  );
}
