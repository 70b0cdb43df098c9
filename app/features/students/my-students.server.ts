import type { StudentLink } from "#api/contract/students.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { endSessionOn401 } from "#app/.server/session-expiry.server.ts";
import type { requireCustomer } from "#app/.server/session.server.ts";
import { StoreApiError, storeApiFor, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

type CurrentCustomer = Awaited<ReturnType<typeof requireCustomer>>;

const ACCOUNT_PATH = "/conta";
const LINK_NOT_FOUND = "Vínculo não encontrado.";
const param = (url: URL, key: string) => url.searchParams.get(key)?.trim().slice(0, 64) || null;

/** "Meus estudantes" on /conta: the linked students (null when the API failed) and the open dialogs. */
export async function loadAccountStudents(api: StoreApiClient, customerId: string, url: URL) {
  const students = await api.listStudents(customerId).catch((error: unknown): StudentLink[] | null => {
    if (!(error instanceof StoreApiError) || error.status === 401) endSessionOn401(error);
    console.error("[conta] estudantes indisponíveis:", error.message);
    return null;
  });
  return {
    students,
    studentDataId: param(url, URL_STATE.studentData.key),
    removeLinkId: param(url, URL_STATE.removeLink.key),
  };
}

/**
 * "Sim, excluir!" (spec §5): ends the link, never the student; the API also takes that
 * student's bag out of the cart (spec §4). The student id comes from the customer's own
 * list, so a forged link id only finds nothing.
 */
export async function removeLinkAction(request: Request, { customer, token }: CurrentCustomer, formData: FormData) {
  const linkId = String(formData.get("linkId") ?? "").trim().slice(0, 64);
  const api = storeApiFor(request, token);
  try {
    const link = linkId ? (await api.listStudents(customer.id)).find((candidate) => candidate.id === linkId) : undefined;
    if (!link) return toasts().redirectWithError(ACCOUNT_PATH, LINK_NOT_FOUND);
    await api.removeStudentLink(link.id, link.studentId, customer.id);
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status === 401) endSessionOn401(error);
    return toasts().redirectWithError(ACCOUNT_PATH, error.message);
  }
  return toasts().redirectWithSuccess(ACCOUNT_PATH, "Vínculo removido!");
}
