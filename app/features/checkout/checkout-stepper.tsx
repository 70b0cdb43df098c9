import { StepList } from "#app/ui/step-list.tsx";
import { CHECKOUT_STEPS, type CheckoutStep } from "./checkout-step.ts";

/** "Autenticação", "Selecionar aluno", "Pagamento" (spec §2, in sentence case): done steps filled, the current one marked. */
export function CheckoutStepper({ step }: { step: CheckoutStep }) {
  return (
    <StepList steps={CHECKOUT_STEPS} current={step} label="Etapas da compra" variant="page" testId="checkout-stepper" />
  );
}
