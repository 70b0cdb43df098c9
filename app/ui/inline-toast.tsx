import { useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "./toaster.tsx";

/** A red toast for an error a form's action answered (spec §8), shown with or without JavaScript. */
export function InlineToast({ message }: { message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-4">
      <p role="alert" data-toast-type="error" className="pointer-events-auto max-w-md rounded-lg bg-red-600 px-4 py-3 font-semibold text-white shadow-lg">
        {message}
      </p>
    </div>
  );
}
