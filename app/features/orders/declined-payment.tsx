import { Link } from "react-router";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";

/**
 * /conclusao for a declined attempt (the shopper back from Mercado Pago's page with a refused
 * card): the acquirer's reason and the way back to the cart, which stays open. An attempt is
 * not an order (docs/decisions/0018-payment-flow.md), so nothing else of it is shown.
 */
export function DeclinedPayment({ message }: { message: string }) {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center"
      data-testid="payment-declined"
    >
      <h1 className="text-2xl font-bold text-slate-900">Pagamento não aprovado</h1>
      <p className="rounded-xl bg-red-50 p-4 text-red-800" data-testid="decline-message">
        {message}
      </p>
      <p className="text-slate-600">Nenhum pedido foi criado e seu carrinho continua salvo.</p>
      <Link to={CHECKOUT_PATH} className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
        Voltar ao carrinho e tentar de novo
      </Link>
    </div>
  );
}
