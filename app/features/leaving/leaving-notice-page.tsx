import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { homeRefresh } from "./leaving-notice.ts";

/**
 * A spec §8 message that stands alone on its page, then home after `seconds`: with JavaScript a
 * timer navigates; without it, a `<meta http-equiv="refresh">` (homeRefresh) inside <noscript>,
 * which a browser running scripts ignores (as app/features/orders/self-refresh.tsx does): the
 * timed refresh is only there when nothing else can take the shopper home (WCAG 2.2.1 and axe's
 * meta-refresh rule ask for no timed refresh; spec §8 asks for the wait, decision 0044).
 */
export function LeavingNoticePage({ message, seconds }: { message: string; seconds: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate("/", { replace: true }), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, seconds]);
  const refresh = homeRefresh(seconds);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="leaving-notice">
      <noscript>
        <meta httpEquiv={refresh.httpEquiv} content={refresh.content} />
      </noscript>
      <p role="alert" className="rounded-2xl bg-red-700 px-6 py-4 text-lg font-semibold text-white shadow">
        {message}
      </p>
      <p className="mt-4 text-slate-700">Você será levado à página principal em instantes.</p>
      <Link to="/" replace className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
        Ir para a página principal
      </Link>
    </div>
  );
}
