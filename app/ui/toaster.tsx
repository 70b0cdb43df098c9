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

// Each pair at least 4.5:1 (WCAG 1.4.3), the description line included: emerald-600 under
// white text was 3.65:1.
const styles: Record<ToastView["type"], string> = {
  success: "bg-emerald-700 text-white",
  error: "bg-red-600 text-white",
  warning: "bg-amber-300 text-amber-950",
  info: "bg-brand-600 text-white",
};

/**
 * A visually hidden live region holding the last toast. The visible toast closes itself after
 * 3 s (spec §9); this region stays, so a screen reader hears the message once, as it arrives,
 * and it is still there to read afterwards (browser tests read it here too). The visible toast
 * is not a live region, or a screen reader would hear each message twice. `urgent` is for
 * errors, which the red toast announced as alerts; `entry` changes for each new toast, so a
 * repeated message is a new entry and is heard again.
 */
export function Announcement({
  toast,
  urgent,
  entry = 0,
  notice = null,
}: {
  toast: ToastView | null;
  urgent: boolean;
  entry?: number;
  /** A notice shown beside the toast (the gestor's removals): a second entry. */
  notice?: ToastView | null;
}) {
  return (
    <div
      role={urgent ? "alert" : "log"}
      aria-live={urgent ? "assertive" : "polite"}
      className="sr-only"
      data-testid="announcements"
    >
      {toast ? <AnnouncementEntry key={entry} toast={toast} /> : null}
      {notice ? <AnnouncementEntry toast={notice} /> : null}
    </div>
  );
}

function AnnouncementEntry({ toast }: { toast: ToastView }) {
  return (
    <div data-testid="announcement" data-type={toast.type}>
      <p>{toast.message}</p>
      {toast.description ? <p>{toast.description}</p> : null}
    </div>
  );
}

/**
 * Shows the server's flash toast: visible without JavaScript, closes itself after 3 s with it.
 * `notice` (the gestor's removals, spec §8) shows beside it and stays until closed: it is
 * shown once, so it must not vanish before it is read (docs/decisions/0007).
 */
export function Toaster({ toast, notice = null }: { toast: ToastView | null; notice?: ToastView | null }) {
  // The last toast and its entry number, updated while rendering when a new one arrives
  // (React's "adjusting state when a prop changes"): the server-rendered toast is entry 0.
  const [last, setLast] = useState({ toast, entry: 0 });
  const [closed, setClosed] = useState(false);
  const [lastNotice, setLastNotice] = useState(notice);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const hydrated = useHydrated();
  if (toast && toast !== last.toast) {
    setLast({ toast, entry: last.entry + 1 });
    setClosed(false);
  }
  if (notice !== lastNotice) {
    setLastNotice(notice);
    setNoticeClosed(false);
  }
  const visible = toast && !closed ? toast : null;
  const visibleNotice = notice && !noticeClosed ? notice : null;
  const announced = last;

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setClosed(true), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <>
      <Announcement
        toast={announced.toast?.type === "error" ? null : announced.toast}
        urgent={false}
        entry={announced.entry}
        notice={notice}
      />
      {/* An alert is heard as it is inserted, so it exists only while an error is the last toast:
          no page carries an empty alert. */}
      {announced.toast?.type === "error" ? (
        <Announcement toast={announced.toast} urgent entry={announced.entry} />
      ) : null}
      {visible || visibleNotice ? (
        <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex flex-col items-center gap-2 px-4">
          {visible ? <VisibleToast toast={visible} onClose={hydrated ? () => setClosed(true) : null} /> : null}
          {visibleNotice ? (
            <VisibleToast
              toast={visibleNotice}
              onClose={hydrated ? () => setNoticeClosed(true) : null}
              testId="removal-notice"
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function VisibleToast({
  toast,
  onClose,
  testId,
}: {
  toast: ToastView;
  /** Null before hydration: a button without JavaScript would do nothing. */
  onClose: (() => void) | null;
  testId?: string;
}) {
  return (
    <div
      data-toast-type={toast.type}
      data-testid={testId}
      className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${styles[toast.type]}`}
    >
      <div>
        <p className="font-semibold">{toast.message}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      {onClose ? (
        <button type="button" onClick={onClose} className="opacity-80 hover:opacity-100">
          <CloseIcon width={18} height={18} title="Fechar" />
        </button>
      ) : null}
    </div>
  );
}
