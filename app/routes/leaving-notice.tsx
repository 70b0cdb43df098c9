import { redirect } from "react-router";
import { LeavingNoticePage } from "#app/features/leaving/leaving-notice-page.tsx";
import {
  homeRefresh,
  LEAVING_REASON_PARAM,
  LEAVING_REASONS,
  leavingReason,
} from "#app/features/leaving/leaving-notice.ts";
import { isDataRequest } from "#app/.server/session-expiry.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import type { Route } from "./+types/leaving-notice";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Aviso | Loja Escolar" },
  { name: "robots", content: "noindex" },
  // Only in a page the server wrote: with JavaScript the page's own timer goes home.
  ...(loaderData?.inDocument ? [homeRefresh(loaderData.seconds)] : []),
];

/**
 * /aviso?motivo=…: spec §8's message before going home (app/features/leaving/leaving-notice.ts).
 * The message is the flash toast the redirect carried (the root loader clears it); without one
 * (a reload, a link) there is nothing to say and the shopper goes home at once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const reason = leavingReason(new URL(request.url).searchParams.get(LEAVING_REASON_PARAM));
  const { toast } = await toasts().getToast(request);
  if (!reason || !toast) throw redirect("/");
  return { message: toast.message, seconds: LEAVING_REASONS[reason].seconds, inDocument: !isDataRequest(request) };
}

export default function LeavingNotice({ loaderData }: Route.ComponentProps) {
  return <LeavingNoticePage message={loaderData.message} seconds={loaderData.seconds} />;
}
