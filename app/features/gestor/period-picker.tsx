/**
 * The choice of a school period on a gestor page that shows one period at a time (Séries,
 * Listas de material): a GET form for a typed code, and a link per period the page knows.
 */
import { Form, Link } from "react-router";
import { gestorButton, gestorCard, gestorInput, gestorLabel, gestorSecondaryButton } from "./gestor-ui.tsx";

export function PeriodPicker({
  period,
  periodError,
  currentPeriod,
  periods,
  pathOf,
  navLabel,
}: {
  period: string;
  /** Why the typed `?periodo=` was not a period (the page then shows the current one). */
  periodError: string | null;
  currentPeriod: string;
  /** Each period's link, with what it holds ("3 séries"). */
  periods: readonly { CODPERLET: string; holds: string }[];
  pathOf: (period: string) => string;
  navLabel: string;
}) {
  return (
    <div className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
      <Form method="get" className="flex items-end gap-2">
        <div>
          <label htmlFor="periodo" className={gestorLabel}>
            Período letivo (CODPERLET)
          </label>
          <input
            id="periodo"
            name="periodo"
            defaultValue={period}
            key={period}
            inputMode="numeric"
            maxLength={6}
            aria-invalid={periodError ? true : undefined}
            aria-describedby={periodError ? "periodo-erro" : undefined}
            className={gestorInput}
          />
          {periodError ? (
            <p id="periodo-erro" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {periodError} Mostrando o período atual.
            </p>
          ) : null}
        </div>
        <button type="submit" className={gestorButton}>
          Ver período
        </button>
      </Form>
      <nav aria-label={navLabel} className="flex flex-wrap gap-2">
        {periods.map((item) => (
          <Link
            key={item.CODPERLET}
            to={pathOf(item.CODPERLET)}
            aria-current={item.CODPERLET === period ? "page" : undefined}
            className={`${gestorSecondaryButton} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`}
          >
            {item.CODPERLET} ({item.holds}){item.CODPERLET === currentPeriod ? " · atual" : ""}
          </Link>
        ))}
      </nav>
    </div>
  );
}
