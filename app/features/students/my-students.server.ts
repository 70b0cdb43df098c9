import { LINK_NOT_FOUND, type StudentLink } from "#api/contract/students.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { publishedLists, studentListEntries } from "#app/features/lists/list-entry-links.server.ts";

const ACCOUNT_PATH = "/conta";
const param = (url: URL, key: string) => url.searchParams.get(key)?.trim().slice(0, 64) || null;

/**
 * "Meus estudantes" on /conta: the linked students (null when the API failed), those whose grade
 * has a published material list (issue 29: "Lista de material" on their cards) and the open dialogs.
 */
export async function loadAccountStudents({ request, context }: RequestArgs) {
  const url = new URL(request.url);
  const api = storeApi(context);
  const [students, lists] = await Promise.all([
    api.listStudents(requireCustomer(context).customer.id).catch((error: unknown): StudentLink[] | null => {
      if (!(error instanceof StoreApiError)) throw error;
      console.error("[conta] estudantes indisponíveis:", error.message);
      return null;
    }),
    publishedLists(api),
  ]);
  return {
    students,
    listEntries: studentListEntries(students ?? [], lists),
    studentDataId: param(url, URL_STATE.studentData.key),
    removeLinkId: param(url, URL_STATE.removeLink.key),
  };
}

/**
 * "Sim, excluir!" (spec §5): ends the link, never the student; the API also takes that
 * student's bag out of the cart (spec §4). The student id comes from the customer's own
 * list, so a forged link id only finds nothing. /conta and the student chooser's cards
 * (spec §2) use it; `backHref` is the page the customer came from.
 */
export async function removeLinkAction({ context }: RequestArgs, formData: FormData, backHref = ACCOUNT_PATH) {
  const { customer } = requireCustomer(context);
  const linkId = String(formData.get("linkId") ?? "")
    .trim()
    .slice(0, 64);
  const api = storeApi(context);
  try {
    const link = linkId
      ? (await api.listStudents(customer.id)).find((candidate) => candidate.id === linkId)
      : undefined;
    if (!link) return toasts().redirectWithError(backHref, LINK_NOT_FOUND);
    await api.removeStudentLink(link.id, link.studentId, customer.id);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    return toasts().redirectWithError(backHref, error.message);
  }
  return toasts().redirectWithSuccess(backHref, "Vínculo removido!");
}
