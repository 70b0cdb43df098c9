import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A spec §8 message that stands alone on its page, then home after `seconds`: with JavaScript a
 * timer navigates; without it, the route's `<meta http-equiv="refresh">` (homeRefresh) does.
 */
export function LeavingNoticePage({ message, seconds }: { message: string; seconds: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate("/", { replace: true }), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, seconds]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="leaving-notice">
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
