import { Form } from "react-router";
import { SearchIcon } from "#app/ui/icons.tsx";

/** Header search (desktop) and the mobile search bar: a GET form to /busca, required (spec §5). */
export function SearchForm({
  variant,
  defaultValue,
  autoFocus,
}: {
  variant: "desktop" | "mobile";
  defaultValue?: string;
  autoFocus?: boolean;
}) {
  const desktop = variant === "desktop";
  return (
    <Form method="get" action="/busca" role="search" className="flex w-full items-center">
      <label htmlFor={`busca-${variant}`} className="sr-only">
        Buscar produtos
      </label>
      <input
        id={`busca-${variant}`}
        type="search"
        name="q"
        required
        maxLength={100}
        defaultValue={defaultValue}
        // Only when the shopper opened the search (mobile header); never on page load.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        placeholder={desktop ? "O que deseja procurar?" : "Busque por produto"}
        className="min-w-0 flex-1 rounded-l-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 placeholder:text-slate-400 focus:border-brand-500"
      />
      <button
        type="submit"
        className="flex items-center gap-1 rounded-r-full bg-accent-400 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-accent-500"
      >
        <SearchIcon width={18} height={18} />
        <span className={desktop ? "sr-only" : ""}>{desktop ? "Buscar" : "Pesquisar"}</span>
      </button>
    </Form>
  );
}
