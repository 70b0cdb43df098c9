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
  // Styled from app.css (.search-form): it is in every page's header (decision 0082).
  return (
    <Form method="get" action="/busca" role="search" className="search-form">
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
      />
      <button type="submit">
        <SearchIcon width={18} height={18} />
        <span className={desktop ? "sr-only" : undefined}>{desktop ? "Buscar" : "Pesquisar"}</span>
      </button>
    </Form>
  );
}
