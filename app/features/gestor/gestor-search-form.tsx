import { Form } from "react-router";
import { gestorButton, gestorInput, gestorLabel } from "./gestor-ui.tsx";

/**
 * A list's search: what to search among (a select) and the text, sent as a GET form so a result
 * has an address (a link, a reload, the way back after an action). The server's refusal shows
 * under it, tied to the field.
 */
export function GestorSearchForm({
  id,
  label,
  kind,
  text,
  error,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  /** The search landmark's name. */
  label: string;
  /** `labels` names each choice by its value, in the order shown. */
  kind: { name: string; label: string; value: string; labels: Readonly<Record<string, string>> };
  text: { name: string; label: string; value: string; maxLength: number };
  error: string | null;
}) {
  const errorId = `${id}-erro`;
  return (
    <>
      <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-tipo`} className={gestorLabel}>
            {kind.label}
          </label>
          <select id={`${id}-tipo`} name={kind.name} defaultValue={kind.value} className={gestorInput}>
            {Object.entries(kind.labels).map(([value, optionLabel]) => (
              <option key={value} value={value}>
                {optionLabel}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-q`} className={gestorLabel}>
            {text.label}
          </label>
          <input
            id={`${id}-q`}
            name={text.name}
            defaultValue={text.value}
            maxLength={text.maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={gestorInput}
          />
        </div>
        <button type="submit" className={gestorButton}>
          Buscar
        </button>
      </Form>
      {error ? (
        <p id={errorId} role="alert" className="mb-4 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
