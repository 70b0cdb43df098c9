import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function NotFoundContent() {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid="not-found"
    >
      {/* A route that threw renders no meta of its own: React puts this <title> in the head. */}
      <title>Página não encontrada | Loja Escolar</title>
      <p className="text-6xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold text-slate-900">Página não encontrada</h1>
      <p className="text-slate-600">
        O endereço que você procurou não existe ou o produto não está mais disponível na loja.
      </p>
      <Link to="/" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Voltar para a página inicial
      </Link>
    </section>
  );
}

/** Renders a thrown 404 as the not-found page and anything else as a friendly error. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = forbidden ? "Não foi possível confirmar o envio" : "Algo deu errado";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" role="alert">
      <title>{`${title} | Loja Escolar`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">
        {forbidden
          ? "Sua sessão de formulário expirou. Recarregue a página e tente novamente."
          : "Não conseguimos carregar esta página agora. Tente novamente em instantes."}
      </p>
      <a href="/" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Voltar para a página inicial
      </a>
    </section>
  );
}
