import { Link, useLocation } from "react-router";
import type { ListLineOutcome, StudentListLine } from "#api/contract/material-lists.ts";
import { OUTCOME_TEXTS } from "#app/features/quick-purchase/item-outcomes.ts";
import { CHECKOUT_PATH, hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";

const RESULT_TEXTS: Record<Exclude<ListLineOutcome["result"], "refused">, string> = {
  ...OUTCOME_TEXTS,
  soldOut: "Esgotado: não foi adicionado",
};

const RESULT_STYLE: Record<ListLineOutcome["result"], string> = {
  added: "text-emerald-700",
  already: "text-slate-700",
  soldOut: "text-red-700",
  refused: "text-red-700",
  unavailable: "text-red-700",
};

/** The text of one line's outcome: a refusal says the rule's own message (spec §5). */
export const outcomeText = (outcome: ListLineOutcome) =>
  outcome.result === "refused" ? (outcome.message ?? "") : RESULT_TEXTS[outcome.result];

/** After "Adicionar ao carrinho": what happened to each line sent, then the cart or the payment. */
export function ListOutcomes({ outcomes, lines }: { outcomes: ListLineOutcome[]; lines: StudentListLine[] }) {
  const location = useLocation();
  return (
    <section
      aria-labelledby="list-outcomes-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="list-outcomes"
    >
      <h2 id="list-outcomes-title" className="text-lg font-bold text-slate-900">
        O que foi para o carrinho
      </h2>
      <ul className="flex flex-col divide-y divide-slate-100">
        {outcomes.map((outcome) => (
          <li
            key={outcome.lineId}
            className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
            data-testid="list-outcome"
            data-result={outcome.result}
          >
            <span className="font-semibold text-slate-800">
              {lines.find((line) => line.lineId === outcome.lineId)?.title ?? "Item da lista"}
            </span>
            <span className={`text-sm font-semibold ${RESULT_STYLE[outcome.result]}`}>{outcomeText(outcome)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Link
          to={hrefWithParam(location, URL_STATE.cart.key, URL_STATE.cart.open)}
          preventScrollReset
          className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Ver carrinho
        </Link>
        <Link
          to={CHECKOUT_PATH}
          className="rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700"
        >
          Ir para o pagamento
        </Link>
      </div>
    </section>
  );
}
