import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { destroyCustomerSession, hasExpiredSession } from "#app/.server/session.server.ts";
import { isDataRequest, SESSION_EXPIRED_MESSAGE } from "#app/.server/session-expiry.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import type { Route } from "./+types/session-expired";

/** How long the message shows before going home, with JavaScript (spec §4). */
const REDIRECT_DELAY_MS = 2_000;

export const meta = () => [{ title: "Sessão expirada | Loja Escolar" }, { name: "robots", content: "noindex" }];

/**
 * A GET ends only a session whose 24 hours are over (spec §4): any site can make a browser
 * load this page, so it must never log out a session that is still good. A refused token
 * (a 401 from the store API) is cleared where it happens, with the redirect to this page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = new Headers();
  if (await hasExpiredSession(request)) headers.set("set-cookie", await destroyCustomerSession(request));
  // Without JavaScript: home at once, with the message as a toast.
  if (!isDataRequest(request)) return toasts().redirectWithError("/", SESSION_EXPIRED_MESSAGE, { headers });
  return data({ message: SESSION_EXPIRED_MESSAGE }, { headers });
}

export default function SessionExpired({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p role="alert" className="rounded-2xl bg-red-600 px-6 py-4 text-lg font-semibold text-white shadow">
        {loaderData.message}
      </p>
      <Link to="/" replace className="mt-6 inline-block font-semibold text-brand-600 hover:underline">
        Ir para a página principal
      </Link>
    </div>
  );
}
