/**
 * /lista-de-espera/:token, the page a waiting list's offer e-mail links to (issue 28; decision
 * 0070): the offer and its deadline; "Garantir a vaga" (logged in) binds it to the account and
 * opens the product page's student choice, as "Comprar" does, whose cart line the finish then buys
 * with the held seat; "Não quero a vaga" passes it to the next parent. POST-redirect-GET with a
 * toast, with and without JavaScript.
 */
import { data, redirect } from "react-router";
import { WAITING_LIST_MESSAGES } from "#api/contract/waiting-list.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { linkHref } from "#app/features/students/link-mode.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { brazilDateTime } from "#core/dates.ts";
import { productPath, seatOfferPath } from "#core/storefront-paths.ts";
import { SEAT_OFFER_INTENTS } from "./waiting-list-schema.ts";

export async function seatOfferLoader({ context, params }: RequestArgs & { params: { token?: string } }) {
  const token = params.token ?? "";
  try {
    const offer = await storeApi(context).getSeatOffer(token);
    return { offer, token, loggedIn: Boolean(currentCustomer(context)) };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404)
      throw data(WAITING_LIST_MESSAGES.offerNotFound, { status: 404 });
    throw error;
  }
}

export async function seatOfferAction(args: RequestArgs & { params: { token?: string } }) {
  const token = args.params.token ?? "";
  const page = seatOfferPath(token);
  const intent = (await args.request.formData()).get("intent");
  try {
    if (intent === SEAT_OFFER_INTENTS.accept) {
      // Login first: the account modal over this page, which comes back here.
      if (!currentCustomer(args.context))
        return redirect(`${page}?${URL_STATE.account.key}=${URL_STATE.account.login}`);
      const offer = await storeApi(args.context).acceptSeatOffer(token);
      const until = brazilDateTime(offer.expiresAt);
      return toasts().redirectWithSuccess(
        linkHref(productPath(offer.categorySlug, offer.productSlug), "escolha"),
        `Vaga reservada para você até ${until.date} às ${until.time}. Escolha o estudante e finalize a compra.`,
      );
    }
    if (intent === SEAT_OFFER_INTENTS.decline) {
      await storeApi(args.context).declineSeatOffer(token);
      return toasts().redirectWithSuccess(page, WAITING_LIST_MESSAGES.offerDeclined);
    }
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500 || error.status === 401) throw error;
    return toasts().redirectWithError(page, error.message);
  }
  throw data("Ação desconhecida.", { status: 400 });
}
