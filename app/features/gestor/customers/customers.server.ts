/**
 * Clientes e estudantes (docs/decisions/0031): the directory (a GET form, paged), a customer's
 * page, and the end of a student's link with its reason.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorCustomers } from "#api/contract/gestor/customers.ts";
import { gestorMessages } from "#api/contract/gestor/messages.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { cartSearchHref } from "../carts/carts.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { DIRECTORY_PARAMS, UNLINK_INTENT, unlinkSchema, type DirectoryKind } from "./customer-forms.ts";

/** "Vínculo removido!": the toast the customer's own removal shows (spec §8). */
export const LINK_REMOVED = "Vínculo removido!";

export async function loadDirectory(request: Request) {
  const { call } = await requireStaff(request, { part: "customers" });
  const params = new URL(request.url).searchParams;
  const kind: DirectoryKind = params.get(DIRECTORY_PARAMS.kind) === "estudantes" ? "estudantes" : "clientes";
  const q = params.get(DIRECTORY_PARAMS.q)?.slice(0, 300) ?? "";
  const query = { q, page: params.get(DIRECTORY_PARAMS.page) ?? 1 };
  try {
    if (kind === "estudantes")
      return {
        kind,
        q,
        error: null,
        customers: null,
        students: await call(gestorCustomers.searchStudents, {}, { query }),
      };
    return { kind, q, error: null, students: null, customers: await call(gestorCustomers.search, {}, { query }) };
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return { kind, q, error: error.message, customers: null, students: null };
  }
}

/**
 * The customer's page, with a link to their open cart and the messages the store sent them
 * (issue 31); an unknown or deleted account is the area's 404.
 */
export async function loadCustomer(request: Request, customerId: string) {
  const { call } = await requireStaff(request, { part: "customers" });
  try {
    const [details, { messages }] = await Promise.all([
      call(gestorCustomers.customer, { customerId }),
      call(gestorMessages.customerMessages, { customerId }),
    ]);
    return { ...details, messages, cartHref: cartSearchHref("email", details.customer.email) };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

export async function customerAction(request: Request, customerId: string) {
  const { call } = await requireStaff(request, { part: "customers" });
  const page = GESTOR_PATHS.customer(encodeURIComponent(customerId));
  const formData = await request.formData();
  if (formData.get("intent") !== UNLINK_INTENT) throw new Response("Ação desconhecida.", { status: 400 });
  const submission = parseWithZod(formData, { schema: unlinkSchema });
  const linkId = String(formData.get("linkId") ?? "").slice(0, 64);
  if (submission.status !== "success") return formReply({ linkId, result: submission.reply() }, 400);
  const { reason } = submission.value;
  try {
    await call(gestorCustomers.unlinkStudent, { customerId, linkId: submission.value.linkId }, { body: { reason } });
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    if (error.status === 400)
      return formReply({ linkId, result: submission.reply({ formErrors: [error.message] }) }, 400);
    // The link ended meanwhile (another tab, the customer): the page as it is now, and why.
    return toasts().redirectWithError(page, error.message);
  }
  return toasts().redirectWithSuccess(page, LINK_REMOVED);
}
