import type { CartBagPayload } from "#api/contract/carts.ts";
import { linkHref } from "#app/features/students/student-chooser.tsx";
import { changeCart } from "#app/features/cart/cart.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

/** Where the chosen student's item goes: the cart's bags after the choice. */
export type PlaceItem = (bags: CartBagPayload[], studentId: string) => CartBagPayload[];

/**
 * The student chooser's actions (spec §2 "Item em Vinculacao", checkout step 2): link by
 * RA, "Sou Aluno", or confirm a listed student; then `place` puts the item in that
 * student's bag and the shopper goes to `doneHref`.
 */
export async function linkAction(
  args: RequestArgs,
  formData: FormData,
  basePath: string,
  place: PlaceItem,
  doneHref: string,
) {
  const { customer } = requireCustomer(args.context);
  const api = storeApi(args.context);
  const intent = formData.get("intent");
  const listHref = (studentId?: string) => linkHref(basePath, "lista", studentId);

  try {
    if (intent === "add-ra") {
      const ra = String(formData.get("ra") ?? "").trim();
      if (!ra) return toasts().redirectWithError(listHref(), "Digite o RA do Aluno.");
      const link = await api.addStudentByRA(customer.id, ra.slice(0, 20));
      return toasts().redirectWithSuccess(listHref(link.studentId), "Estudante vinculado(a)!");
    }
    let studentId = String(formData.get("studentId") ?? "");
    if (intent === "sou-aluno") studentId = (await api.alreadyStudent(customer.id)).studentId;
    else if (intent !== "confirm") throw new Response("Ação desconhecida.", { status: 400 });
    // Only a student the API lists as this customer's goes on, and into the next address:
    // the field is the browser's to change, and once went whole into a Location header.
    const linked = intent === "confirm" ? await api.listStudents(customer.id) : null;
    if (!studentId || (linked && !linked.some((link) => link.studentId === studentId)))
      return toasts().redirectWithError(listHref(), "Selecione um estudante.");
    const outcome = await changeCart(args, (bags) => place(bags, studentId));
    if (!outcome.ok) {
      if (outcome.status === 402) return toasts().redirectWithError("/", outcome.message);
      return toasts().redirectWithError(intent === "confirm" ? listHref(studentId) : basePath, outcome.message);
    }
    return toasts().redirectWithSuccess(doneHref, "Item adicionado ao carrinho!");
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(listHref(), error.message);
  }
}

/** The customer's linked students for the chooser. */
export function linkedStudents({ context }: RequestArgs) {
  return storeApi(context).listStudents(requireCustomer(context).customer.id);
}
