import { data } from "react-router";
import { LeavingNoticePage } from "#app/features/leaving/leaving-notice-page.tsx";
import { homeRefresh, SESSION_EXPIRED_SECONDS } from "#app/features/leaving/leaving-notice.ts";
import { destroyCustomerSession, hasExpiredSession } from "#app/.server/session.server.ts";
import { isDataRequest, SESSION_EXPIRED_MESSAGE } from "#app/.server/session-expiry.server.ts";
import type { Route } from "./+types/session-expired";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Sessão expirada | Loja Escolar" },
  { name: "robots", content: "noindex" },
  // Without JavaScript the page goes home by itself after the same 2 s (spec §4, §8).
  ...(loaderData?.inDocument ? [homeRefresh(SESSION_EXPIRED_SECONDS)] : []),
];

/**
 * A GET ends only a session whose 24 hours are over (spec §4): any site can make a browser
 * load this page, so it must never log out a session that is still good. A refused token
 * (a 401 from the store API) is cleared where it happens, with the redirect to this page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = new Headers();
  if (await hasExpiredSession(request)) headers.set("set-cookie", await destroyCustomerSession(request));
  return data({ message: SESSION_EXPIRED_MESSAGE, inDocument: !isDataRequest(request) }, { headers });
}

export default function SessionExpired({ loaderData }: Route.ComponentProps) {
  return <LeavingNoticePage message={loaderData.message} seconds={SESSION_EXPIRED_SECONDS} />;
}
