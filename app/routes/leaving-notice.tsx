import { data, redirect } from "react-router";
import { LeavingNoticePage } from "#app/features/leaving/leaving-notice-page.tsx";
import {
  LEAVING_REASON_PARAM,
  LEAVING_REASONS,
  leavingReason,
  SESSION_EXPIRED_SECONDS,
} from "#app/features/leaving/leaving-notice.ts";
import { destroyCustomerSession, hasExpiredSession } from "#app/.server/session.server.ts";
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_PATH } from "#app/.server/session-expiry.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import type { Route } from "./+types/leaving-notice";

// One route module for /aviso and /sessao-expirada (app/routes.ts registers it twice): the page
// they share then travels inside this module's own chunk, not in a chunk of its own that would
// put /sessao-expirada over the page-weight budget's script files (docs/decisions/0037).

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.expired ? "Sessão expirada | Loja Escolar" : "Aviso | Loja Escolar" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // A client-side navigation asks for "/sessao-expirada.data".
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  return page === SESSION_EXPIRED_PATH ? sessionExpired(request) : notice(request);
}

/**
 * /sessao-expirada: a GET ends only a session whose 24 hours are over (spec §4): any site can
 * make a browser load this page, so it must never log out a session that is still good. A
 * refused token (a 401 from the store API) is cleared where it happens, with the redirect here.
 */
async function sessionExpired(request: Request) {
  const headers = new Headers();
  if (await hasExpiredSession(request)) headers.set("set-cookie", await destroyCustomerSession(request));
  return data({ expired: true, message: SESSION_EXPIRED_MESSAGE, seconds: SESSION_EXPIRED_SECONDS }, { headers });
}

/**
 * /aviso?motivo=…: spec §8's message before going home (app/features/leaving/leaving-notice.ts).
 * The message is the flash toast the redirect carried (the root loader clears it); without one
 * (a reload, a link) there is nothing to say and the shopper goes home at once.
 */
async function notice(request: Request) {
  const reason = leavingReason(new URL(request.url).searchParams.get(LEAVING_REASON_PARAM));
  const { toast } = await toasts().getToast(request);
  if (!reason || !toast) throw redirect("/");
  return {
    expired: false,
    message: toast.message,
    seconds: LEAVING_REASONS[reason].seconds,
  };
}

export default function LeavingNotice({ loaderData }: Route.ComponentProps) {
  return <LeavingNoticePage message={loaderData.message} seconds={loaderData.seconds} />;
}
