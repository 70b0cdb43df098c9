import { CHECKOUT_STEPS, type CheckoutStep } from "#app/features/checkout/checkout-step.ts";

/** "Autenticação", "Selecionar Aluno", "Pagamento" (spec §2): done steps filled, the current one marked. */
export function CheckoutStepper({ step }: { step: CheckoutStep }) {
  return (
    <ol className="flex items-start gap-2" aria-label="Etapas da compra" data-testid="checkout-stepper">
      {CHECKOUT_STEPS.map((label, index) => {
        const number = index + 1;
        const reached = number <= step;
        return (
          <li
            key={label}
            aria-current={number === step ? "step" : undefined}
            className={`flex flex-1 flex-col items-center gap-1 text-center text-xs font-semibold wide:text-sm ${reached ? "text-brand-700" : "text-slate-500"}`}
          >
            <span className={`flex h-8 w-8 items-center justify-center rounded-full ${reached ? "bg-brand-600 text-white" : "bg-slate-200"}`}>
              {number < step ? "✓" : number}
            </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}
