import { Form, useLocation } from "react-router";
import { SEARCH_MAX_LENGTH } from "#api/contract/gestor/search-text.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";

/**
 * The box in the gestor's header (issue 25 §16): one text for customers, students and orders,
 * sent as a GET form, so the results have an address and work without JavaScript. On the
 * results page it holds the text searched; elsewhere it starts empty.
 */
export function HeaderSearch() {
  const { pathname, search } = useLocation();
  const q = pathname === GESTOR_PATHS.search ? (new URLSearchParams(search).get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={GESTOR_PATHS.search}
      role="search"
      aria-label="Busca geral"
      className="flex w-full min-w-0 items-center gap-1 sm:w-auto sm:flex-1 sm:justify-center"
    >
      <label htmlFor="busca-geral" className="sr-only">
        Buscar cliente, estudante ou pedido
      </label>
      <input
        // A new text searched (or leaving the results) resets the box.
        key={q}
        id="busca-geral"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Nome, e-mail, CPF, RA ou nº do pedido"
        className="w-full min-w-0 rounded border border-slate-500 bg-white px-2 py-1 text-slate-900 placeholder:text-slate-600 sm:max-w-md"
      />
      <button type="submit" className="rounded border border-slate-500 px-2 py-1 hover:bg-slate-800">
        Pesquisar
      </button>
    </Form>
  );
}
