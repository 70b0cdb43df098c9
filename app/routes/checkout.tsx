import { CartView } from "#app/features/cart/cart-view.tsx";
import { ProductInformation } from "#app/features/catalogue/product-information.tsx";
import { AuthStep } from "#app/features/checkout/auth-step.tsx";
import { checkoutAction, loadCheckoutPage } from "#app/features/checkout/checkout-page.server.ts";
import { CheckoutStepper } from "#app/features/checkout/checkout-stepper.tsx";
import { PaymentForm } from "#app/features/checkout/payment-form.tsx";
import { PaymentStep } from "#app/features/checkout/payment-step.tsx";
import { SoldOutNotice } from "#app/features/checkout/sold-out-notice.tsx";
import { StudentStep } from "#app/features/checkout/student-step.tsx";
import { chooserDialog } from "#app/features/students/student-chooser.tsx";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/checkout";

export const meta = () => [{ title: "Finalizar compra | Loja Escolar" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckoutPage({ request, context });
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction({ request, context }, await request.formData());
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    step,
    cart,
    coupons,
    waiting,
    registering,
    linkMode,
    students,
    selectedStudentId,
    studentDataId,
    removeLinkId,
    installments,
    acquirerCard,
    whatsappConsent,
  } = loaderData;
  const { store } = useRootData();
  const chooserReply = actionData && "wizard" in actionData ? actionData : undefined;
  const paymentReply = actionData && !("wizard" in actionData) ? actionData : undefined;
  const product = waiting && step < 3 ? productOf(cart, waiting.itemTOTVSId) : null;
  const productInstallments = product ? (installments.lines[product.cartItemid] ?? installments.count) : 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">Finalizar compra</h1>
      <div className="grid items-start gap-6 checkout:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <CheckoutStepper step={step} />
          {product ? <ProductInformation product={product} installments={productInstallments} heading="h2" /> : null}
          {step === 1 ? (
            <AuthStep registering={registering} />
          ) : step === 2 && waiting ? (
            <StudentStep
              mode={linkMode}
              students={students}
              selectedStudentId={selectedStudentId}
              itemTOTVSId={waiting.itemTOTVSId}
              reply={chooserReply}
            />
          ) : (
            <PaymentStep
              cart={cart}
              coupons={coupons}
              installments={installments.count}
              form={
                <PaymentForm
                  cartId={cart.cartId ?? ""}
                  cartVersion={cart.version}
                  total={cart.total}
                  maxInstallments={installments.count}
                  termsUrl={store.termsContracts}
                  reply={paymentReply}
                  acquirer={acquirerCard}
                  whatsappConsent={whatsappConsent}
                />
              }
            >
              <SoldOutNotice cart={cart} refused={paymentReply?.soldOut} />
              {/* Spec §2: below 769 px the cart sits inside the payment step. */}
              <div className="checkout:hidden">
                <CartView cart={cart} installments={installments} redirectTo={CHECKOUT_PATH} />
              </div>
            </PaymentStep>
          )}
        </div>
        <aside className="hidden checkout:block" aria-label="Resumo do carrinho">
          <CartView cart={cart} installments={installments} redirectTo={CHECKOUT_PATH} />
        </aside>
      </div>
      {step === 2 && linkMode === "lista"
        ? chooserDialog({ basePath: CHECKOUT_PATH, students, selectedStudentId, studentDataId, removeLinkId })
        : null}
    </div>
  );
}

/** The waiting item as the product-information panel shows it. */
function productOf(cart: NonNullable<Route.ComponentProps["loaderData"]["cart"]>, itemTOTVSId: number) {
  const item = cart.bags.flatMap((bag) => bag.cartItems).find((line) => line.itemTOTVSId === itemTOTVSId);
  if (!item) return null;
  return {
    cartItemid: item.cartItemid,
    image: item.productImage,
    title: item.NOME,
    CODCOLIGADA: item.CODCOLIGADA,
    PRECO: item.PRECO,
    DESCONTO: item.DESCONTO,
    category: item.category,
  };
}
