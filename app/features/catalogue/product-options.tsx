import { lazy, Suspense, type ReactNode } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { SizeChart } from "#api/contract/catalogue.ts";
import { NotifyMeForm, type NotifyMeFormProps } from "#app/features/stock/notify-me-form.tsx";
import { URL_STATE } from "#app/lib/url-state.ts";
import { SizeChartTable } from "./size-chart-table.tsx";

/*
 * The product page's choice of size and its size chart (issue 28, decision 0066), in their own
 * chunk: only products with options load it, so the other pages keep to the browsing pages'
 * script budget (docs/decisions/0037-page-weight.md). The server renders them whole (the
 * document waits for everything, app/entry.server.tsx), so they work before the chunk arrives
 * and without JavaScript. What they show is worked out by the loader (product-stock.ts) and passed in, so
 * this chunk shares no module with the page's own.
 */

// A full class's waiting list form, a chunk of its own: its form modules' names stay out of the
// product page's entry (docs/decisions/0070-waiting-list.md).
const ProductPageWaitingList = lazy(() =>
  import("#app/features/stock/waiting-list-form.tsx").then((module) => ({ default: module.ProductPageWaitingList })),
);

/** A value of the option as the form shows it. */
export interface OptionChoice {
  itemTOTVSId: number;
  value: string;
  soldOut: boolean;
  /** "Últimas 2 peças", or null. */
  left: string | null;
}

/** What the loader worked out of the product's stock and seats (liveStockView), for LiveStockBuy. */
export interface LiveStockView {
  /** A course's seats: full, or "Restam N vagas" (null above 10). */
  seats: { full: boolean; text: string | null } | null;
  soldOut: boolean;
  /** The option's name and values, for a product with options. */
  options: { optionName: string; choices: readonly OptionChoice[] } | null;
  /** "Últimas N peças" of a product without options, or null. */
  piecesLeft: string | null;
  sizeChart: SizeChart | null;
  /** "Avise-me quando chegar" for what is sold out (the product, or its sold-out sizes); null: nothing is. */
  notifyMe: Pick<NotifyMeFormProps, "itemTOTVSId" | "sizes"> | null;
}

/**
 * The product page's "Comprar" for a product whose stock, seats, options or size chart show
 * (issue 28, decision 0066): sold out or a full class shows so, with no button; a product with
 * options chooses one in the form itself (radio buttons, no JavaScript needed). `buyButton` is
 * the page's own "Comprar" for a product without options.
 */
export function LiveStockBuy({
  view,
  buyButton,
  intent,
  buttonClassName,
  productPath,
  chosenValue,
  error,
  customerEmail,
}: {
  view: LiveStockView;
  buyButton: ReactNode;
  intent: string;
  buttonClassName: string;
  productPath: string;
  chosenValue: string | null;
  error: string | null;
  /** The logged-in customer's e-mail, for "Avise-me quando chegar"; null for a visitor. */
  customerEmail: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      {view.seats ? <SeatsNotice {...view.seats} /> : null}
      {view.seats?.full ? (
        <Suspense fallback={null}>
          <ProductPageWaitingList productPath={productPath} />
        </Suspense>
      ) : null}
      {view.soldOut ? (
        view.seats ? null : (
          <p
            className="rounded-xl bg-slate-100 px-4 py-3 text-center text-lg font-bold text-slate-700"
            data-testid="sold-out"
          >
            Esgotado
          </p>
        )
      ) : view.options ? (
        <OptionForm
          {...view.options}
          intent={intent}
          buttonClassName={buttonClassName}
          productPath={productPath}
          chosenValue={chosenValue}
          error={error}
        />
      ) : (
        <>
          {view.piecesLeft ? (
            <p className="text-sm font-semibold text-amber-800" data-testid="pieces-left">
              {view.piecesLeft}
            </p>
          ) : null}
          {buyButton}
        </>
      )}
      {view.notifyMe ? (
        <NotifyMeForm {...view.notifyMe} productPath={productPath} customerEmail={customerEmail} />
      ) : null}
      {view.sizeChart ? <SizeChartDetails chart={view.sizeChart} /> : null}
    </div>
  );
}

function SeatsNotice({ full, text }: { full: boolean; text: string | null }) {
  if (full)
    return (
      <p
        className="rounded-xl bg-slate-100 px-4 py-3 text-center text-lg font-bold text-slate-700"
        data-testid="class-full"
      >
        Turma lotada
      </p>
    );
  return text ? (
    <p className="font-semibold text-amber-800" data-testid="seats-left">
      {text}
    </p>
  ) : null;
}

const ERROR_ID = "option-error";

function OptionForm({
  optionName,
  choices,
  intent,
  buttonClassName,
  productPath,
  chosenValue,
  error,
}: {
  optionName: string;
  choices: readonly OptionChoice[];
  intent: string;
  buttonClassName: string;
  productPath: string;
  chosenValue: string | null;
  error: string | null;
}) {
  return (
    <Form method="post" action={productPath} preventScrollReset data-testid="option-form">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <fieldset aria-describedby={error ? ERROR_ID : undefined} aria-invalid={error ? true : undefined}>
        <legend className="font-bold text-slate-900">{optionName}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {choices.map(({ soldOut, left, ...variant }) => {
            return (
              <label
                key={variant.itemTOTVSId}
                className={`flex min-w-14 cursor-pointer flex-col items-center rounded-xl px-3 py-2 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${
                  soldOut ? "cursor-not-allowed bg-slate-100 text-slate-500" : "bg-white text-slate-900"
                }`}
              >
                <input
                  type="radio"
                  name={URL_STATE.option.key}
                  value={variant.value}
                  disabled={soldOut}
                  defaultChecked={!soldOut && chosenValue === variant.value}
                  className="sr-only"
                />
                <span className={`font-bold ${soldOut ? "line-through" : ""}`}>{variant.value}</span>
                {soldOut ? <span className="text-xs">Esgotado</span> : null}
                {left ? <span className="text-xs text-amber-800">{left}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      {error ? (
        <p id={ERROR_ID} role="alert" className="mt-2 font-semibold text-red-700" data-testid="option-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${buttonClassName} mt-4`} data-testid="buy-button">
        Comprar
      </button>
    </Form>
  );
}

/** "Tabela de medidas": a table that opens without JavaScript. */
function SizeChartDetails({ chart }: { chart: SizeChart }) {
  return (
    <details className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="size-chart">
      <summary className="cursor-pointer font-semibold text-brand-700">Tabela de medidas</summary>
      <div className="mt-2 overflow-x-auto">
        <SizeChartTable chart={chart} />
      </div>
    </details>
  );
}
