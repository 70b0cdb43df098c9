import { useEffect, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]:not([tabindex='-1'])",
  "button:not([disabled]):not([tabindex='-1'])",
  "input:not([disabled]):not([type=hidden]):not([tabindex='-1'])",
  "select:not([disabled]):not([tabindex='-1'])",
  "textarea:not([disabled]):not([tabindex='-1'])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The open dialogs, innermost last: only that one holds the focus. */
const openDialogs: RefObject<HTMLElement | null>[] = [];

function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/**
 * A modal dialog's keyboard focus (WCAG 2.4.3, focus order; aria-modal says the page behind
 * is out of reach): it moves into the dialog when it opens, Tab and Shift+Tab cycle inside
 * it, and it goes back to what had it (the button that opened it) when the dialog closes.
 * Without JavaScript the dialog comes after the page in the tab order.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(dialog);
    if (dialog.current && !dialog.current.contains(document.activeElement))
      dialog.current.focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent) => {
      const element = dialog.current;
      if (event.key !== "Tab" || !element || openDialogs.at(-1) !== dialog) return;
      const inside = focusables(element);
      const first = inside[0];
      const last = inside.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (!element.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === element)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (opener?.isConnected && openDialogs.length === 0) opener.focus({ preventScroll: true });
    };
  }, [dialog]);
}
