/** How a step list looks: inside a modal (sign-up, new student) or across the checkout page. */
const VARIANTS = {
  modal: {
    list: "mb-5 flex items-center gap-2 text-xs font-semibold text-slate-500",
    item: "flex flex-1 flex-col items-center gap-1",
    pending: "",
    badge: "h-7 w-7",
  },
  page: {
    list: "flex items-start gap-2",
    item: "flex flex-1 flex-col items-center gap-1 text-center text-xs font-semibold wide:text-sm",
    pending: "text-slate-500",
    badge: "h-8 w-8",
  },
} as const;

/**
 * A numbered list of a flow's steps: the steps reached so far filled, the current one
 * announced as the current step. The page variant marks the finished steps with ✓.
 */
export function StepList({
  steps,
  current,
  label,
  variant = "modal",
  testId,
}: {
  steps: readonly string[];
  /** 1-based. */
  current: number;
  label: string;
  variant?: keyof typeof VARIANTS;
  testId?: string;
}) {
  const style = VARIANTS[variant];
  return (
    <ol className={style.list} aria-label={label} data-testid={testId}>
      {steps.map((step, index) => {
        const number = index + 1;
        const reached = number <= current;
        return (
          <li
            key={step}
            aria-current={number === current ? "step" : undefined}
            className={`${style.item} ${reached ? "text-brand-700" : style.pending}`}
          >
            <span
              className={`flex ${style.badge} items-center justify-center rounded-full ${reached ? "bg-brand-600 text-white" : "bg-slate-200"}`}
            >
              {variant === "page" && number < current ? "✓" : number}
            </span>
            {step}
          </li>
        );
      })}
    </ol>
  );
}
