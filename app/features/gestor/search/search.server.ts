/**
 * The header search's results (issue 25 §16; docs/decisions/0041-gestor-search.md): the text
 * is checked here with the API's own schema first, so a short one is told why without a call.
 */
import { gestorSearch } from "#api/contract/gestor/search.ts";
import { searchText } from "#api/contract/gestor/search-text.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { requireStaff } from "../staff-guard.server.ts";

export async function loadSearch(request: Request) {
  const { call } = await requireStaff(request, { part: "search" });
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 300);
  if (q === "") return { q, error: null, results: null };
  const checked = searchText.safeParse(q);
  if (!checked.success) return { q, error: checked.error.issues[0]!.message, results: null };
  try {
    return { q, error: null, results: await call(gestorSearch.search, {}, { query: { q: checked.data } }) };
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return { q, error: error.message, results: null };
  }
}
