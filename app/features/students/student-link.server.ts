import { parseWithZod } from "@conform-to/zod/v4";
import type { CartBagPayload } from "#api/contract/carts.ts";
import { linkHref } from "#app/features/students/link-mode.ts";
import { cartAddPaymentRequired, changeCart } from "#app/features/cart/cart.server.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { removeLinkAction } from "./my-students.server.ts";
import { RA_LINK_INTENT, RA_LINK_KEYS, type RaLinkReply } from "./ra-link-form.tsx";
import { REMOVE_LINK_INTENT } from "./remove-link-dialog.tsx";
import { raLinkSchema } from "./student-schemas.ts";

/** Where the chosen student's item goes: the cart's bags after the choice. */
export type PlaceItem = (bags: CartBagPayload[], studentId: string) => CartBagPayload[];

/**
 * Puts the item in the student's bag and goes to `doneHref` with `success`; a refusal (spec §5's
 * cart rules, spec §8's 402) goes back to the list with that student chosen and the API's message.
 */
export async function placeItemFor(
  args: RequestArgs,
  studentId: string,
  place: PlaceItem,
  {
    doneHref,
    failHref,
    success,
  }: { doneHref: string; failHref: string; success: string | { message: string; description: string } },
) {
  const outcome = await changeCart(args, (bags) => place(bags, studentId));
  if (!outcome.ok) {
    if (outcome.status === 402) return cartAddPaymentRequired(args, outcome.message);
    return toasts().redirectWithError(failHref, outcome.message);
  }
  return toasts().redirectWithSuccess(doneHref, success);
}

const ADDED = "Item adicionado ao carrinho!";

/**
 * The student chooser's actions (spec §2 "Item em Vinculacao", checkout step 2): link by
 * RA, "Sou Aluno", or confirm a listed student; then `place` puts the item in that
 * student's bag and the shopper goes to `doneHref`. A card's "Remover vínculo" (spec §2)
 * ends a link and shows the list again. With `addOnLink` (checkout step 2, spec §4: linking
 * a student moves to step 3) a student linked by RA gets the item at once.
 */
export async function linkAction(
  args: RequestArgs,
  formData: FormData,
  basePath: string,
  place: PlaceItem,
  doneHref: string,
  { addOnLink = false }: { addOnLink?: boolean } = {},
) {
  const { customer } = requireCustomer(args.context);
  const api = storeApi(args.context);
  const intent = formData.get("intent");
  const listHref = (studentId?: string) => linkHref(basePath, "lista", studentId);

  if (intent === REMOVE_LINK_INTENT) return removeLinkAction(args, formData, listHref());
  if (intent === RA_LINK_INTENT) {
    const { linked, again } = await linkByRa(args, formData);
    if (!linked) return again;
    if (!addOnLink) return toasts().redirectWithSuccess(listHref(linked), "Estudante vinculado(a)!");
    return placeItemFor(args, linked, place, {
      doneHref,
      failHref: listHref(linked),
      success: { message: "Estudante vinculado(a)!", description: ADDED },
    });
  }
  try {
    let studentId = String(formData.get("studentId") ?? "");
    if (intent === "sou-aluno") studentId = (await api.alreadyStudent(customer.id)).studentId;
    else if (intent !== "confirm") throw new Response("Ação desconhecida.", { status: 400 });
    // Only a student the API lists as this customer's goes on, and into the next address:
    // the field is the browser's to change, and once went whole into a Location header.
    const linked = intent === "confirm" ? await api.listStudents(customer.id) : null;
    if (!studentId || (linked && !linked.some((link) => link.studentId === studentId)))
      return toasts().redirectWithError(listHref(), "Selecione um estudante.");
    return await placeItemFor(args, studentId, place, {
      doneHref,
      failHref: intent === "confirm" ? listHref(studentId) : basePath,
      success: ADDED,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(listHref(), error.message);
  }
}

/**
 * "Adicionar" by RA: the RA, the birth date and the consent checked as the browser checks
 * them, then sent to the store API (docs/decisions/0013). The new link's student id, or a
 * reply showing the form again with what was typed and the API's message in a red toast (spec §8).
 */
async function linkByRa({ context }: RequestArgs, formData: FormData) {
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
  if (submission.status !== "success") return { again: again(400) };
  const { ra, dtnascimento } = submission.value;
  try {
    const link = await storeApi(context).addStudentByRA({
      customerId: customer.id,
      RA: ra,
      dtnascimento,
      consentVersion: STUDENT_CONSENT_VERSION,
    });
    return { linked: link.studentId };
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return { again: again(error.status, error.message) };
  }
}

/** The customer's linked students for the chooser. */
export function linkedStudents({ context }: RequestArgs) {
  return storeApi(context).listStudents(requireCustomer(context).customer.id);
}
