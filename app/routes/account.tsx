import { requireCustomer } from "#app/.server/session.server.ts";
import type { Route } from "./+types/account";

export const meta = () => [{ title: "Minha Conta | Loja Escolar" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(request);
  return { customer };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Minha Conta</h1>
      <p className="mt-2 text-slate-600">
        {customer.name} · {customer.email}
      </p>
    </div>
  );
}
