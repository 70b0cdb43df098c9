import { useEffect, useState } from "react";
import { Announcement, TOAST_DURATION_MS } from "./toaster.tsx";

/** A red toast for an error a form's action answered (spec §8), shown with or without JavaScript. */
export function InlineToast({ message }: { message: string }) {
  // A new message shows again (React's "adjusting state when a prop changes").
  const [shownMessage, setShownMessage] = useState(message);
  const [closed, setClosed] = useState(false);
  if (message !== shownMessage) {
    setShownMessage(message);
    setClosed(false);
  }
  useEffect(() => {
    const timer = setTimeout(() => setClosed(true), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const visible = !closed;
  return (
    <>
      {/* Stays after the visible toast closed; it is the one live region (see Announcement). */}
      <Announcement toast={{ type: "error", message }} urgent />
      {visible ? (
        <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-4">
          <p
            data-toast-type="error"
            className="pointer-events-auto max-w-md rounded-lg bg-red-600 px-4 py-3 font-semibold text-white shadow-lg"
          >
            {message}
          </p>
        </div>
      ) : null}
    </>
  );
}
