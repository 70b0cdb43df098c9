import { Link } from "react-router";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { SelfRefresh } from "./self-refresh.tsx";

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

/**
 * /conclusao for a card to be paid on Mercado Pago's page that holds no payment yet: the shopper
 * came back without paying (the page may need scripts their browser does not run). Nothing was
 * charged; they may go back to the page while it takes payments, or finish with boleto or Pix,
 * which leaves the page (docs/decisions/0019-mercado-pago.md). The page asks again meanwhile, in
 * case they paid in another tab.
 */
export function UnpaidPaymentPage({ paymentPageUrl }: { paymentPageUrl: string }) {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center"
      data-testid="payment-not-completed"
    >
      <SelfRefresh active />
      <h1 className="text-2xl font-bold text-slate-900">Pagamento ainda não concluído</h1>
      <p className="text-slate-700">
        O pagamento com cartão não foi concluído na página do Mercado Pago e nada foi cobrado. Seu carrinho continua
        salvo.
      </p>
      <a href={paymentPageUrl} className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
        Voltar à página de pagamento do Mercado Pago
      </a>
      <p className="text-sm text-slate-600">
        A página do Mercado Pago precisa de JavaScript. Sem ele,{" "}
        <Link to={CHECKOUT_PATH} className="font-semibold text-brand-600 underline">
          volte ao carrinho e pague com boleto ou Pix
        </Link>
        .
      </p>
    </div>
  );
}
