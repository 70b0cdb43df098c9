/** What the Catálogo pages share: their sub-menu and a checkbox field for Conform. */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { NavLink } from "react-router";
import { FieldErrors } from "#app/ui/form-field.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";

const SECTIONS = [
  { label: "Produtos", to: GESTOR_PATHS.catalogue, end: true },
  { label: "Categorias", to: GESTOR_PATHS.catalogueCategories, end: false },
  { label: "Destaques", to: GESTOR_PATHS.catalogueHighlights, end: false },
] as const;

export function CatalogueNav() {
  return (
    <nav aria-label="Seções do catálogo" className="mb-4 flex flex-wrap gap-1 border-b border-slate-300">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end={section.end}
          className={({ isActive }) =>
            `-mb-px rounded-t border px-3 py-1.5 ${isActive ? "border-slate-300 border-b-white bg-white font-semibold" : "border-transparent hover:bg-white"}`
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function CheckboxField({ meta, label }: { meta: FieldMetadata<string | boolean | undefined>; label: string }) {
  const props = getInputProps(meta, { type: "checkbox" });
  return (
    <div>
      <label className="inline-flex items-center gap-2 font-semibold text-slate-700">
        <input {...props} key={props.key} className="size-4" />
        {label}
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Read-only pairs (what atendimento sees in place of a form). */
export function ReadOnlyFields({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded border border-slate-200 bg-white p-4">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-words">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
