import { redirect } from "react-router";
import { loadCart, loadCartCoupons } from "#app/features/cart/cart.server.ts";
import { COUPON_RETRY_PATH, payAction } from "#app/features/checkout/payment.server.ts";
import { isNewStudentIntent, newStudentAction } from "#app/features/students/new-student/new-student.server.ts";
import { currentCustomer } from "#app/.server/request-context.server.ts";
import { linkAction, linkedStudents } from "#app/features/students/student-link.server.ts";
import { CartView } from "#app/features/cart/cart-view.tsx";
import { ProductInformation } from "#app/features/catalogue/product-information.tsx";
import { AuthStep, REGISTER_PARAM } from "#app/features/checkout/auth-step.tsx";
import { CheckoutStepper } from "#app/features/checkout/checkout-stepper.tsx";
import { PAY_INTENT, PaymentForm } from "#app/features/checkout/payment-form.tsx";
import { PaymentStep } from "#app/features/checkout/payment-step.tsx";
import { StudentStep } from "#app/features/checkout/student-step.tsx";
import { isLinkMode, linkHref } from "#app/features/students/student-chooser.tsx";
import { StudentDataModal } from "#app/features/students/student-data-modal.tsx";
import { cartCount, firstUnassignedItem, withItemAssigned } from "#app/features/cart/cart-changes.ts";
import { checkoutStep } from "#app/features/checkout/checkout-step.ts";
import { cartInstallments } from "#app/lib/installments.ts";
import { CHECKOUT_PATH, URL_STATE } from "#app/lib/url-state.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/checkout";

export const meta = () => [{ title: "Finalizar compra | Loja Escolar" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = currentCustomer(context);
  const reply = await loadCart({ request, context });
  const cart = reply?.cart ?? null;
  const waiting = firstUnassignedItem(cart);
  const step = checkoutStep({ loggedIn: Boolean(current), itemsInCart: cartCount(cart), itemWaitingForStudent: Boolean(waiting) });
  if (step === "home" || !cart) throw redirect("/");
  // /checkout is the payment step again after an invalid coupon (spec §2): nothing else.
  if (new URL(request.url).pathname === COUPON_RETRY_PATH && step !== 3) throw redirect(CHECKOUT_PATH);
  const params = new URL(request.url).searchParams;
  const mode = params.get(URL_STATE.link.key);
  const linkMode = isLinkMode(mode) ? mode : "escolha";
  const needsStudents = step === 2 && (linkMode === "lista" || linkMode === "completo");
  const [students, coupons] = await Promise.all([
    needsStudents ? linkedStudents({ request, context }) : [],
    step === 3 && cart.cartId ? loadCartCoupons({ request, context }, cart.cartId) : [],
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
    maxInstallments: cartInstallments(
      cart.bags.flatMap((bag) => bag.cartItems),
      cart.total,
    ),
  };
}

/** Step 2's choices: link a student and move the waiting item into that student's bag. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === PAY_INTENT) return payAction({ request, context }, formData);
  if (isNewStudentIntent(formData.get("intent"))) return newStudentAction({ request, context }, formData, CHECKOUT_PATH);
  const itemTOTVSId = Number(formData.get("itemTOTVSId"));
  if (!Number.isSafeInteger(itemTOTVSId) || itemTOTVSId <= 0) throw new Response("Produto inválido.", { status: 400 });
  return linkAction({ request, context }, formData, CHECKOUT_PATH, (bags, studentId) => withItemAssigned(bags, itemTOTVSId, studentId), CHECKOUT_PATH);
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { step, cart, coupons, waiting, registering, linkMode, students, selectedStudentId, studentDataId, maxInstallments } = loaderData;
  const { store } = useRootData();
  const newStudentReply = actionData && "wizard" in actionData ? actionData : undefined;
  const paymentReply = actionData && !("wizard" in actionData) ? actionData : undefined;
  const detailed = step === 2 && linkMode === "lista" && studentDataId ? students.find((link) => link.studentId === studentDataId) : undefined;
  const product = waiting && step < 3 ? productOf(cart, waiting.itemTOTVSId) : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">Finalizar compra</h1>
      <div className="grid items-start gap-6 checkout:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <CheckoutStepper step={step} />
          {product ? <ProductInformation product={product} heading="h2" /> : null}
          {step === 1 ? (
            <AuthStep registering={registering} />
          ) : step === 2 && waiting ? (
            <StudentStep
              mode={linkMode}
              students={students}
              selectedStudentId={selectedStudentId}
              itemTOTVSId={waiting.itemTOTVSId}
              newStudentReply={newStudentReply}
            />
          ) : (
            <PaymentStep
              cart={cart}
              coupons={coupons}
              form={<PaymentForm cartId={cart.cartId ?? ""} total={cart.total} maxInstallments={maxInstallments} termsUrl={store.termsUrl} reply={paymentReply} />}
            >
              {/* Spec §2: below 769 px the cart sits inside the payment step. */}
              <div className="checkout:hidden">
                <CartView cart={cart} redirectTo={CHECKOUT_PATH} />
              </div>
            </PaymentStep>
          )}
        </div>
        <aside className="hidden checkout:block" aria-label="Resumo do carrinho">
          <CartView cart={cart} redirectTo={CHECKOUT_PATH} />
        </aside>
      </div>
      {detailed ? <StudentDataModal link={detailed} closeHref={linkHref(CHECKOUT_PATH, "lista", selectedStudentId)} /> : null}
    </div>
  );
}

/** The waiting item as the product-information panel shows it. */
function productOf(cart: NonNullable<Route.ComponentProps["loaderData"]["cart"]>, itemTOTVSId: number) {
  const item = cart.bags.flatMap((bag) => bag.cartItems).find((line) => line.itemTOTVSId === itemTOTVSId);
  if (!item) return null;
  return {
    image: item.productImage,
    title: item.NOME,
    CODCOLIGADA: item.CODCOLIGADA,
    PRECO: item.PRECO,
    DESCONTO: item.DESCONTO,
    PARCELAS: item.PARCELAS,
    category: item.category,
  };
}
