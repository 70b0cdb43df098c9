import { parseWithZod } from "@conform-to/zod/v4";
import type { CartBagPayload } from "#api/contract/carts.ts";
import { linkHref } from "#app/features/students/student-chooser.tsx";
import { changeCart } from "#app/features/cart/cart.server.ts";
import { STUDENT_CONSENT_VERSION } from "#app/lib/student-consent.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { RA_LINK_INTENT, RA_LINK_KEYS, type RaLinkReply } from "./ra-link-form.tsx";
import { raLinkSchema } from "./student-schemas.ts";

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

  if (intent === RA_LINK_INTENT) return linkByRa(args, formData, listHref);
  try {
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

/**
 * "Adicionar" by RA: the RA, the birth date and the consent checked as the browser checks
 * them, then sent to the store API (docs/decisions/0013). A refusal shows the form again with
 * what was typed and the API's message in a red toast (spec §8).
 */
async function linkByRa({ context }: RequestArgs, formData: FormData, listHref: (studentId?: string) => string) {
  const { customer } = requireCustomer(context);
  const submission = parseWithZod(formData, { schema: raLinkSchema });
  const again = (status: number, toast: string | null = null) =>
    formReply<RaLinkReply>(
      {
        wizard: "link-ra",
        nonce: formNonce(),
        values: typedValues(formData, RA_LINK_KEYS),
        result: submission.reply(),
        toast,
      },
      status,
    );
  if (submission.status !== "success") return again(400);
  const { ra, dtnascimento } = submission.value;
  try {
    const link = await storeApi(context).addStudentByRA({
      customerId: customer.id,
      RA: ra,
      dtnascimento,
      consentVersion: STUDENT_CONSENT_VERSION,
    });
    return toasts().redirectWithSuccess(listHref(link.studentId), "Estudante vinculado(a)!");
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return again(error.status, error.message);
  }
}

/** The customer's linked students for the chooser. */
export function linkedStudents({ context }: RequestArgs) {
  return storeApi(context).listStudents(requireCustomer(context).customer.id);
}
