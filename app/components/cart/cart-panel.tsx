import { Link, useLocation } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { CloseIcon } from "../ui/icons.tsx";

/** "Carrinho de Compras" side panel, opened by ?carrinho=aberto (spec §2). */
export function CartPanel() {
  const location = useLocation();
  const closeHref = hrefWithParam(location, URL_STATE.cart.key, null);
  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <Link to={closeHref} preventScrollReset className="absolute inset-0 bg-black/40" aria-label="Fechar carrinho" tabIndex={-1} />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        className="relative flex h-dvh w-full max-w-md flex-col bg-white shadow-2xl"
      >
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="cart-panel-title" className="text-lg font-bold text-slate-900">
            Carrinho de Compras
          </h2>
          <Link to={closeHref} preventScrollReset className="rounded-full p-1 text-slate-500 hover:bg-slate-100" aria-label="Fechar">
            <CloseIcon />
          </Link>
        </header>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
          <p className="font-semibold text-slate-700">Seu carrinho está vazio.</p>
          <p className="text-sm">Escolha cursos, fardamento e materiais e adicione para o seu estudante.</p>
          <Link to={closeHref} className="mt-2 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
            Continuar comprando
          </Link>
        </div>
      </aside>
    </div>
  );
}
