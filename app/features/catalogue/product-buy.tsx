import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Product, SizeChart } from "#api/contract/catalogue.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { BuyButton, BUY_BUTTON_STYLE } from "./buy-button.tsx";
import {
  hasOptions,
  isSoldOut,
  piecesLeftText,
  productSoldOut,
  seatsLeftText,
  type OptionProduct,
} from "./product-stock.ts";

/** The intent of the product page's own "Comprar" form (a product with options). */
export const BUY_OPTION_INTENT = "comprar";

/**
 * The product page's "Comprar" with what stock and seats allow (issue 28, decision 0066): a
 * product with options chooses one in the form itself (radio buttons, no JavaScript needed);
 * sold out or a full class shows so, with no button.
 */
export function ProductBuy({
  product,
  loggedIn,
  productPath,
  chosenValue,
  error,
}: {
  product: OptionProduct & Pick<Product, "itemTOTVS" | "sizeChart">;
  loggedIn: boolean;
  productPath: string;
  /** The option already chosen (?opcao=, or the form's last post). */
  chosenValue: string | null;
  /** The action's refusal of the last post ("Escolha o tamanho."). */
  error: string | null;
}) {
  const soldOut = productSoldOut(product);
  return (
    <div className="flex flex-col gap-3">
      {product.seats ? <SeatsNotice available={product.seats.available} /> : null}
      {soldOut ? (
        product.seats ? null : (
          <p
            className="rounded-xl bg-slate-100 px-4 py-3 text-center text-lg font-bold text-slate-700"
            data-testid="sold-out"
          >
            Esgotado
          </p>
        )
      ) : hasOptions(product) ? (
        <OptionForm product={product} productPath={productPath} chosenValue={chosenValue} error={error} />
      ) : (
        <>
          {product.seats ? null : <PiecesLeft text={piecesLeftText(product.stock)} />}
          <BuyButton loggedIn={loggedIn} productPath={productPath} itemTOTVSId={product.itemTOTVS} />
        </>
      )}
      {product.sizeChart ? <SizeChartTable chart={product.sizeChart} /> : null}
    </div>
  );
}

function SeatsNotice({ available }: { available: number }) {
  if (available <= 0)
    return (
      // The waiting list's "Entrar na lista de espera" goes here (issue 28, wave 4).
      <p
        className="rounded-xl bg-slate-100 px-4 py-3 text-center text-lg font-bold text-slate-700"
        data-testid="class-full"
      >
        Turma lotada
      </p>
    );
  const text = seatsLeftText(available);
  return text ? (
    <p className="font-semibold text-amber-800" data-testid="seats-left">
      {text}
    </p>
  ) : null;
}

function PiecesLeft({ text }: { text: string | null }) {
  return text ? (
    <p className="text-sm font-semibold text-amber-800" data-testid="pieces-left">
      {text}
    </p>
  ) : null;
}

const ERROR_ID = "option-error";

function OptionForm({
  product,
  productPath,
  chosenValue,
  error,
}: {
  product: OptionProduct;
  productPath: string;
  chosenValue: string | null;
  error: string | null;
}) {
  const optionName = product.optionName ?? "";
  return (
    <Form method="post" action={productPath} preventScrollReset data-testid="option-form">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={BUY_OPTION_INTENT} />
      <fieldset aria-describedby={error ? ERROR_ID : undefined} aria-invalid={error ? true : undefined}>
        <legend className="font-bold text-slate-900">{optionName}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(product.variants ?? []).map((variant) => {
            const soldOut = isSoldOut(variant.stock);
            const left = piecesLeftText(variant.stock);
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
      <button type="submit" className={`${BUY_BUTTON_STYLE} mt-4`} data-testid="buy-button">
        Comprar
      </button>
    </Form>
  );
}

/** "Tabela de medidas": a table that opens without JavaScript. */
function SizeChartTable({ chart }: { chart: SizeChart }) {
  return (
    <details className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="size-chart">
      <summary className="cursor-pointer font-semibold text-brand-700">Tabela de medidas</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {chart.columns.map((column, index) => (
                <th key={index} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="border-b border-slate-100 px-2 py-1 font-semibold">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="border-b border-slate-100 px-2 py-1">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
