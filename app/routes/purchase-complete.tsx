import { Link } from "react-router";
import { requireCustomer } from "#app/.server/session.server.ts";
import type { Route } from "./+types/purchase-complete";

export const meta = () => [{ title: "Compra concluída | Loja Escolar" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireCustomer(request);
  return null;
}

export default function PurchaseCompletePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Nenhuma compra recente</h1>
      <p className="mt-2 text-slate-600">Quando você finalizar uma compra, o resumo aparece aqui.</p>
      <Link to="/" className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
        Voltar para a loja
      </Link>
    </div>
  );
}
