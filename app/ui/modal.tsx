import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useDialogFocus } from "./dialog-focus.ts";
import { CloseIcon } from "./icons.tsx";

/** Modal timings (spec §9): opacity 1 about 100 ms after opening, 300 ms to fade out. */
export const MODAL_FADE_IN_DELAY_MS = 100;
export const MODAL_FADE_OUT_MS = 300;

let hydratedOnce = false;

/**
 * A dialog's "Fechar" button, or its backdrop (hidden from assistive technology and the tab
 * order: the button is the way out). A link to the page without the dialog's URL state, so
 * it closes without JavaScript too.
 */
export function CloseLink({
  to,
  onClick,
  backdrop = false,
  className,
  children,
}: {
  to: string;
  onClick?: (event: React.MouseEvent) => void;
  backdrop?: boolean;
  className: string;
  children?: ReactNode;
}) {
  const accessibility = backdrop
    ? ({ "aria-hidden": true, tabIndex: -1 } as const)
    : ({ "aria-label": "Fechar" } as const);
  return (
    <Link to={to} preventScrollReset onClick={onClick} className={className} {...accessibility}>
      {children}
    </Link>
  );
}

/**
 * A dialog that is URL state: the server renders it open (no script needed) and the
 * close button is a link to the URL without it. With JavaScript it fades in and out.
 */
export function Modal({
  titleId,
  closeHref,
  children,
  className = "max-w-lg",
}: {
  titleId: string;
  closeHref: string;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  // Opened by the server: already visible. Opened in the browser: fade in.
  const [opacity, setOpacity] = useState(hydratedOnce ? 0 : 1);
  const closing = useRef(false);
  const [interactive, setInteractive] = useState(false);
  const onEscape = useEffectEvent(() => close());
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog);

  useEffect(() => {
    hydratedOnce = true;
    // Tells browser tests (and CSS) that this modal's handlers are attached.
    const ready = setTimeout(() => setInteractive(true), 0);
    const timer = setTimeout(() => setOpacity(1), MODAL_FADE_IN_DELAY_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onEscape();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(ready);
      clearTimeout(timer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  function close(event?: React.MouseEvent) {
    event?.preventDefault();
    if (closing.current) return;
    closing.current = true;
    setOpacity(0);
    setTimeout(() => void navigate(closeHref, { preventScrollReset: true }), MODAL_FADE_OUT_MS);
  }

  return (
    <div
      // Centred by auto margins, not align-items: a dialog taller than the screen still scrolls to its top.
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 transition-opacity duration-300"
      style={{ opacity }}
      data-modal-opacity={opacity}
    >
      <CloseLink to={closeHref} onClick={close} backdrop className="absolute inset-0" />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-interactive={interactive || undefined}
        className={`relative my-8 w-full rounded-2xl bg-white shadow-2xl outline-none wide:my-auto ${className}`}
      >
        <CloseLink
          to={closeHref}
          onClick={close}
          className="absolute right-3 top-3 rounded-full p-1.5 text-slate-500 hover:bg-slate-100"
        >
          <CloseIcon width={20} height={20} />
        </CloseLink>
        {children}
      </div>
    </div>
  );
}
