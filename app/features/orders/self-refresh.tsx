import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** How often an open page asks again while a payment is on its way (JavaScript on). */
const POLL_MS = 3_000;
/** The same without JavaScript: a meta refresh, in seconds. */
const REFRESH_SECONDS = 5;

/**
 * A page that asks again until a payment's state changes (a pending Pix, a card in processing:
 * docs/decisions/0022-pix.md, 0019-mercado-pago.md): with JavaScript the loader is revalidated
 * every few seconds while the page is visible; without it, a meta refresh inside <noscript>
 * reloads the page, and a browser running scripts ignores it.
 */
export function SelfRefresh({ active }: { active: boolean }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidate]);
  return active ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
    </noscript>
  ) : null;
}
