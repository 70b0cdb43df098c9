import { getEnv } from "#app/.server/env.server.ts";
import { publicListPath } from "#app/features/lists/list-entry-links.ts";
import { buildListPdf } from "#app/features/lists/public-list-pdf.server.ts";
import { loadPublicList } from "#app/features/lists/public-list.server.ts";
import { formatCalendarDate, todayInBrazil } from "#core/dates.ts";
import { periodYear } from "#core/school-years.ts";
import type { Route } from "./+types/public-list-pdf";

/** "lista-de-material-EF06-2026.pdf": only characters every system keeps in a file name. */
const fileNameOf = (codgrade: string, periodCode: string) =>
  `lista-de-material-${codgrade}-${periodYear(periodCode)}.pdf`.replace(/[^A-Za-z0-9._-]/g, "-");

/**
 * /listas-de-material/:periodCode/:codgrade/pdf (issue 29): the printable list as a file to keep
 * or send. Read fresh as the page: the prices are the store's of today.
 */
export async function loader(args: Route.LoaderArgs) {
  const list = await loadPublicList(args, args.params.periodCode, args.params.codgrade);
  const { publicUrl, STORE_LEGAL_NAME } = getEnv();
  const pdf = await buildListPdf({
    list,
    pricesOn: formatCalendarDate(todayInBrazil()),
    pageUrl: `${publicUrl}${publicListPath(list.periodCode, list.codgrade)}`,
    storeName: STORE_LEGAL_NAME,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${fileNameOf(list.codgrade, list.periodCode)}"`,
      "content-length": String(pdf.length),
    },
  });
}
