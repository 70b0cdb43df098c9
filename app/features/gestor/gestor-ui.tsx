/**
 * The gestor area's small building blocks, so its pages share one plain, dense look: buttons,
 * tables, a page of a list, and a POST form for one action (CSRF token and intent included).
 * Everything is a link or a form: it all works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

export const gestorButton =
  "inline-flex items-center justify-center rounded bg-slate-900 px-3 py-1.5 font-semibold text-white hover:bg-slate-700 disabled:opacity-60";
export const gestorSecondaryButton =
  "inline-flex items-center justify-center rounded border border-slate-400 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";
export const gestorDangerButton =
  "inline-flex items-center justify-center rounded bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60";
export const gestorInput =
  "w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-600";
export const gestorLabel = "mb-1 block text-xs font-semibold text-slate-700";
export const gestorCard = "rounded border border-slate-200 bg-white p-4";

/**
 * A table with its caption (read by screen readers, shown as the section's title) that scrolls
 * sideways on a tablet or a phone. The scrolling box takes the focus (named by the caption), so
 * the keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function GestorTable({
  caption,
  headers,
  children,
  empty,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  /** Shown instead of the table when there is no row. */
  empty?: string | null;
}) {
  if (empty) return <p className={`${gestorCard} text-slate-600`}>{empty}</p>;
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box is scrolled with the keyboard once it has the focus (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded border border-slate-200 bg-white"
    >
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-700 uppercase">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top">{children}</tbody>
      </table>
    </div>
  );
}

/** "Página 2 de 7" with links that keep the list's filters (`hrefOf` builds each page's address). */
export function GestorPagination({
  page,
  pageCount,
  total,
  hrefOf,
}: {
  page: number;
  pageCount: number;
  total: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1)
    return <p className="mt-2 text-slate-600">{total === 1 ? "1 resultado" : `${total} resultados`}</p>;
  return (
    <nav aria-label="Páginas" className="mt-2 flex flex-wrap items-center gap-3 text-slate-700">
      <span>
        Página {page} de {pageCount} ({total} resultados)
      </span>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={gestorSecondaryButton}>
          Anterior
        </Link>
      ) : null}
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={gestorSecondaryButton}>
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A POST form for one action of the page (convention 2: the action switches on `intent`).
 * `children` holds the action's own fields (a reason, say); the button comes last.
 */
export function GestorActionForm({
  intent,
  label,
  danger = false,
  action,
  children,
}: {
  intent: string;
  label: string;
  danger?: boolean;
  /** Another route's action; this page's by default. */
  action?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <AuthenticityTokenInput name="csrf" />
      {children}
      <button type="submit" name="intent" value={intent} className={danger ? gestorDangerButton : gestorButton}>
        {label}
      </button>
    </Form>
  );
}

/** A titled part of a record's page (a customer's orders, a student's enrolments). */
export function GestorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-base font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A record's facts as a grid of term and value (a coupon's, a ticket's summary). */
export function GestorDetails({
  details,
  columns,
  testId,
}: {
  details: readonly (readonly [string, ReactNode])[];
  /** The grid's column classes, from the phone up. */
  columns: string;
  testId?: string;
}) {
  return (
    <dl className={`${gestorCard} mb-4 grid gap-x-6 gap-y-2 ${columns}`} data-testid={testId}>
      {details.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs font-semibold text-slate-600">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One field of a list's GET filter form, named by its label; `idPrefix` keeps its id unique on the page. */
export function GestorFilterInput({
  idPrefix,
  name,
  label,
  value,
  type = "text",
  maxLength,
  list,
}: {
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  type?: "text" | "date";
  maxLength?: number;
  /** A datalist's id, for suggestions. */
  list?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        name={name}
        type={type}
        list={list}
        defaultValue={value}
        maxLength={maxLength}
        className={gestorInput}
      />
    </FilterField>
  );
}

/** A choice of a list's GET filter form: `options` are [value, label] pairs, the first usually "all". */
export function GestorFilterSelect({
  idPrefix,
  name,
  label,
  value,
  options,
}: {
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className={gestorInput}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A filter's label above its control (`id` is the control's). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={gestorLabel}>
        {label}
      </label>
      {children}
    </div>
  );
}
