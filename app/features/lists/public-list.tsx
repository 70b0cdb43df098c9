import { Link } from "react-router";
import type { MaterialList, MaterialListLine } from "#api/contract/material-lists.ts";
import { productPath } from "#app/lib/product-path.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { PUBLIC_LISTS_PATH, publicListPath, type StudentListEntry } from "./list-entry-links.ts";
import {
  buyAnywhereNotice,
  lineAvailabilityText,
  linePriceText,
  listSubtitle,
  listTitle,
  requiredLabel,
  SCHOOL_ONLY_MARK,
} from "./public-list-texts.ts";

const primary = "rounded-full bg-accent-400 px-5 py-2.5 text-center font-bold text-brand-900 hover:bg-accent-500";
const secondary =
  "rounded-full border border-slate-300 bg-white px-5 py-2.5 text-center font-semibold text-slate-700 hover:bg-slate-50";

/**
 * A published list as anyone reads it (issue 29 "A list anyone can read"): every line with its
 * picture, quantity, whether it is required, the school's note, the store's price and the
 * product's description, so a parent may buy it elsewhere; the school's own material marked.
 */
export function PublicList({
  list,
  loggedIn,
  buyers,
}: {
  list: MaterialList;
  loggedIn: boolean;
  /** The parent's students enrolled in this grade, each to their own list. */
  buyers: StudentListEntry[];
}) {
  const path = publicListPath(list.periodCode, list.codgrade);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="public-list">
      <p className="text-sm">
        <Link to={PUBLIC_LISTS_PATH} className="font-semibold text-brand-600 hover:underline">
          Listas de material
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900">{listTitle(list)}</h1>
      <p className="mt-1 text-slate-600">{listSubtitle(list)}</p>
      {list.discountPercentage ? (
        <p className="mt-2 inline-block rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          Na loja: lista completa com {list.discountPercentage}% de desconto
        </p>
      ) : null}
      {list.notice ? (
        <p className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200" data-testid="list-notice">
          <span className="font-semibold">Aviso da escola: </span>
          {list.notice}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3" data-testid="list-actions">
        <BuyLinks buyers={buyers} loggedIn={loggedIn} />
        <Link to={`${path}/imprimir`} className={secondary}>
          Imprimir
        </Link>
        {/* A file, not a page: the browser downloads it (no client-side navigation). */}
        <a href={`${path}/pdf`} download className={secondary}>
          Baixar PDF
        </a>
      </div>
      {buyHint(buyers, loggedIn) ? <p className="mt-2 text-sm text-slate-600">{buyHint(buyers, loggedIn)}</p> : null}
      <p className="mt-4 text-sm text-slate-600" data-testid="buy-anywhere">
        {buyAnywhereNotice(list)}
      </p>
      <ol className="mt-6 flex flex-col gap-4">
        {list.lines.map((line) => (
          <PublicListLine key={line.lineId} line={line} />
        ))}
      </ol>
    </div>
  );
}

/** "Comprar pela loja": to each student's own list, to the account, or to the login over this page. */
function BuyLinks({ buyers, loggedIn }: { buyers: StudentListEntry[]; loggedIn: boolean }) {
  if (buyers.length > 0)
    return buyers.map((buyer) => (
      <Link key={buyer.studentId} to={buyer.href} className={primary}>
        Comprar pela loja para {buyer.firstName}
      </Link>
    ));
  return (
    <Link
      to={loggedIn ? "/conta" : `?${URL_STATE.account.key}=${URL_STATE.account.login}`}
      preventScrollReset={!loggedIn}
      className={primary}
    >
      Comprar pela loja
    </Link>
  );
}

/** What "Comprar pela loja" leads to, when it is not the student's own list yet. */
function buyHint(buyers: StudentListEntry[], loggedIn: boolean): string | null {
  if (buyers.length > 0) return null;
  return loggedIn
    ? "Na sua conta, o cartão de cada estudante vinculado a esta série leva à lista dele."
    : "Entre na sua conta para comprar a lista pelo cartão do seu estudante.";
}

function PublicListLine({ line }: { line: MaterialListLine }) {
  const availability = lineAvailabilityText(line);
  const href = productPath(line.categorySlug, line.productSlug);
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="list-line">
      <img
        src={line.image}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className="h-24 w-24 shrink-0 rounded-xl object-cover ring-1 ring-slate-200"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-bold text-slate-900">
            {line.unavailable ? (
              line.title
            ) : (
              <Link to={href} className="hover:text-brand-700 hover:underline">
                {line.title}
              </Link>
            )}
          </h2>
          <span className="font-bold text-slate-900" data-testid="line-price">
            {linePriceText(line)}
          </span>
        </div>
        <p className="text-sm text-slate-700">
          <span data-testid="line-quantity">Quantidade: {line.quantity}</span>
          {" · "}
          <span className={line.required ? "font-semibold text-brand-700" : "text-slate-600"}>
            {requiredLabel(line)}
          </span>
          {line.optionName ? ` · escolha o ${line.optionName.toLowerCase()} na loja` : null}
        </p>
        {line.schoolOnly ? (
          <p className="text-sm font-semibold text-brand-800" data-testid="school-only">
            {SCHOOL_ONLY_MARK}
          </p>
        ) : null}
        {line.note ? (
          <p className="text-sm text-slate-700" data-testid="line-note">
            <span className="font-semibold">Observação da escola: </span>
            {line.note}
          </p>
        ) : null}
        {availability ? (
          <p className="text-sm font-semibold text-red-700" data-testid="line-availability">
            {availability}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">{line.description}</p>
      </div>
    </li>
  );
}
