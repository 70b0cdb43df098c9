import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation the focus goes to the new page's main heading (WCAG 2.4.3,
 * focus order), where a page load would have started reading: a keyboard user never lands on
 * the page's body, 30 Tabs away from what changed. A change of the address's query alone (a
 * URL-state dialog opening or closing, a filter) moves it only when the focus was lost with
 * what it was on (then to a dialog still open, a wizard's next step); a dialog that took the
 * focus (app/ui/dialog-focus.ts) keeps it.
 * Without JavaScript every navigation is a page load, which starts at the top.
 */
export function useHeadingFocusOnNavigation() {
  const { pathname, key } = useLocation();
  const lastPathname = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastPathname.current;
    lastPathname.current = pathname;
    if (previous === null) return; // the first page: the browser starts it at the top
    const active = document.activeElement;
    if (active?.closest("[role=dialog]")) return;
    const lost = active === null || active === document.body;
    if (previous === pathname && !lost) return;
    // A dialog still open (a wizard's next step) takes it back; otherwise the page's heading.
    const target =
      document.querySelector<HTMLElement>("[role=dialog][aria-modal=true]") ??
      document.querySelector<HTMLElement>("main h1") ??
      document.querySelector<HTMLElement>("h1");
    if (!target) return;
    // Focusable from a script only, not a Tab stop of its own.
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }, [pathname, key]);
}
