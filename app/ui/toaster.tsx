import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CloseIcon } from "./icons.tsx";

export interface ToastView {
  message: string;
  description?: string;
  type: "success" | "error" | "info" | "warning";
}

/** Toast auto-close time (spec §9). */
export const TOAST_DURATION_MS = 3_000;

const styles: Record<ToastView["type"], string> = {
  success: "bg-emerald-600 text-white",
  error: "bg-red-600 text-white",
  warning: "bg-amber-300 text-amber-950",
  info: "bg-brand-600 text-white",
};

/** Shows the server's flash toast: visible without JavaScript, closes itself after 3 s with it. */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState<ToastView | null>(toast);
  const hydrated = useHydrated();

  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-4" aria-live="polite">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        data-toast-type={visible.type}
        className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${styles[visible.type]}`}
      >
        <div>
          <p className="font-semibold">{visible.message}</p>
          {visible.description ? <p className="text-sm opacity-90">{visible.description}</p> : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={() => setVisible(null)} className="opacity-80 hover:opacity-100">
            <CloseIcon width={18} height={18} title="Fechar" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
