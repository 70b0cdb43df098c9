import { redirect } from "react-router";
import { firstUnassignedItem, withItemAssigned } from "#app/features/cart/cart-changes.ts";
import { cartCount } from "#app/lib/cart-count.ts";
import { loadCart, loadCartCoupons } from "#app/features/cart/cart.server.ts";
import { isNewStudentIntent, newStudentAction } from "#app/features/students/new-student/new-student.server.ts";
import { REMOVE_LINK_INTENT } from "#app/features/students/remove-link-dialog.tsx";
import { isLinkMode, linkHref } from "#app/features/students/link-mode.ts";
import { linkAction, linkedStudents, type PlaceItem } from "#app/features/students/student-link.server.ts";
import { cartInstallmentView } from "#core/installments.ts";
import { CHECKOUT_PATH, URL_STATE } from "#app/lib/url-state.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { checkoutConsentAsked } from "#app/features/messages/whatsapp-consent.server.ts";
import { REGISTER_PARAM } from "./auth-step.tsx";
import { checkoutStep } from "./checkout-step.ts";
import { PAY_INTENT } from "./payment-form.tsx";
import { acquirerCardForm } from "./acquirer-card.server.ts";
import { COUPON_RETRY_PATH, payAction } from "./payment.server.ts";

/**
 * /compra (and /checkout after an invalid coupon): which of spec §2's three steps the
 * shopper is on, and what that step shows. A visitor with an empty cart goes home.
 */
export async function loadCheckoutPage(args: RequestArgs) {
  const { request, context } = args;
  const current = currentCustomer(context);
  const reply = await loadCart(args);
  const cart = reply?.cart ?? null;
  const waiting = firstUnassignedItem(cart);
  const step = checkoutStep({
    loggedIn: Boolean(current),
    itemsInCart: cartCount(cart),
    itemWaitingForStudent: Boolean(waiting),
  });
  if (step === "home" || !cart) throw redirect("/");
  const url = new URL(request.url);
  // /checkout is the payment step again after an invalid coupon (spec §2): nothing else.
  if (url.pathname === COUPON_RETRY_PATH && step !== 3) throw redirect(CHECKOUT_PATH);
  const params = url.searchParams;
  const mode = params.get(URL_STATE.link.key);
  const linkMode = isLinkMode(mode) ? mode : "escolha";
  const needsStudents = step === 2 && (linkMode === "lista" || linkMode === "completo");
  const [students, coupons, whatsappConsent] = await Promise.all([
    needsStudents ? linkedStudents(args) : [],
    step === 3 && cart.cartId ? loadCartCoupons(args, cart.cartId) : [],
    // The WhatsApp consent box (issue 31): for a customer who has not consented, where the store asks.
    step === 3 && current ? checkoutConsentAsked(storeApi(context)) : false,
  ]);
  return {
    step,
    cart,
    coupons,
    waiting: waiting ?? null,
    registering: params.get(REGISTER_PARAM.key) === REGISTER_PARAM.value,
    linkMode,
    students,
    selectedStudentId: params.get(URL_STATE.link.student),
    studentDataId: params.get(URL_STATE.studentData.key),
    removeLinkId: params.get(URL_STATE.removeLink.key),
    // At the request's time: the cart lines and the instalment selector show the same count.
    installments: cartInstallmentView(cart),
    // Mercado Pago's public key and SDK when it takes the card on its own forms (0019).
    acquirerCard: step === 3 ? acquirerCardForm() : null,
    whatsappConsent,
  };
}

/**
 * "Finalizar Compra", or step 2's choices (spec §4: step 2 moves to 3 after choosing "Sou
 * Aluno", selecting or linking a student): the waiting item goes into that student's bag at
 * once, whether the student was chosen from the list, linked by RA or just created.
 */
export async function checkoutAction(args: RequestArgs, formData: FormData) {
  const intent = formData.get("intent");
  if (intent === PAY_INTENT) return payAction(args, formData);
  if (isNewStudentIntent(intent)) {
    // The wizard's forms name no item: the new student gets the one step 2 shows, the first waiting.
    const placeWaiting: PlaceItem = (bags, studentId) => {
      const waiting = bags.find((bag) => bag.studentId === null)?.cartItems[0];
      return waiting ? withItemAssigned(bags, Number(waiting.itemTOTVSId), studentId) : bags;
    };
    return newStudentAction(args, formData, CHECKOUT_PATH, {
      place: placeWaiting,
      doneHref: CHECKOUT_PATH,
      listHref: (studentId) => linkHref(CHECKOUT_PATH, "lista", studentId),
    });
  }
  const itemTOTVSId = Number(formData.get("itemTOTVSId"));
  // A card's "Remover vínculo" names no item.
  const named = Number.isSafeInteger(itemTOTVSId) && itemTOTVSId > 0;
  if (!named && intent !== REMOVE_LINK_INTENT) throw new Response("Produto inválido.", { status: 400 });
  return linkAction(
    args,
    formData,
    CHECKOUT_PATH,
    (bags, studentId) => withItemAssigned(bags, itemTOTVSId, studentId),
    CHECKOUT_PATH,
    { addOnLink: true },
  );
}
