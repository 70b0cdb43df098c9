import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { seatOfferAction, seatOfferLoader } from "#app/features/stock/seat-offer.server.ts";
import { SEAT_OFFER_INTENTS } from "#app/features/stock/waiting-list-schema.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { brazilDateTime } from "#core/dates.ts";
import { productPath } from "#core/storefront-paths.ts";
import type { Route } from "./+types/seat-offer";

export const meta = () => [{ title: "Vaga na lista de espera | Loja Escolar" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => seatOfferLoader(args);
export const action = (args: Route.ActionArgs) => seatOfferAction(args);

const ENDED: Record<string, string> = {
  converted: "Esta vaga já foi usada numa compra. Acompanhe o pedido em Minha conta.",
  expired: "O prazo desta vaga terminou e ela passou para a próxima pessoa da lista de espera.",
  left: "Esta vaga foi recusada ou a inscrição saiu da lista de espera.",
};

/** The offer of a waiting list's e-mail: the course, its deadline, and what to do. */
export default function SeatOfferPage({ loaderData }: Route.ComponentProps) {
  const { offer, loggedIn } = loaderData;
  const until = brazilDateTime(offer.expiresAt);
  const coursePath = productPath(offer.categorySlug, offer.productSlug);
  const live = offer.status === "offered";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-8" data-testid="seat-offer">
      <h1 className="text-2xl font-bold text-slate-900">
        {live ? "Abriu uma vaga para você" : "Vaga da lista de espera"}
      </h1>
      <p className="text-slate-700">
        <Link to={coursePath} className="font-semibold text-brand-600 hover:underline">
          {offer.courseTitle}
        </Link>{" "}
        — {offer.unitName}
      </p>
      {live ? (
        <>
          <p
            className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200"
            data-testid="offer-deadline"
          >
            A vaga está reservada para você até <strong>{until.date}</strong> às <strong>{until.time}</strong> (horário
            de Brasília). Depois disso, ela passa para a próxima pessoa da lista de espera.
          </p>
          <p className="text-sm text-slate-600">
            {loggedIn
              ? "Garanta a vaga, escolha o estudante e finalize a compra dentro do prazo."
              : "Para garantir a vaga, entre na sua conta (ou crie uma): depois escolha o estudante e finalize a compra."}
          </p>
          <Form method="post" className="flex flex-col gap-3 sm:flex-row">
            <AuthenticityTokenInput name="csrf" />
            <button
              type="submit"
              name="intent"
              value={SEAT_OFFER_INTENTS.accept}
              className="rounded-full bg-accent-400 px-6 py-3 text-center text-lg font-bold text-brand-900 shadow hover:bg-accent-500"
            >
              {loggedIn ? "Garantir a vaga" : "Entrar e garantir a vaga"}
            </button>
            <button
              type="submit"
              name="intent"
              value={SEAT_OFFER_INTENTS.decline}
              className="rounded-full px-6 py-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Não quero a vaga
            </button>
          </Form>
          {loggedIn ? null : (
            <Link
              to={`?${URL_STATE.account.key}=${URL_STATE.account.login}`}
              className="font-semibold text-brand-600 hover:underline"
            >
              Entrar na minha conta
            </Link>
          )}
        </>
      ) : (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-slate-700" data-testid="offer-ended">
          {ENDED[offer.status]}
        </p>
      )}
    </div>
  );
}
