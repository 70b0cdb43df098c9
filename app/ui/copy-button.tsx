import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/** Copies a text (a linha digitável) once JavaScript runs; without it the text is there to select. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="rounded-full border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-100"
    >
      {copied ? "Copiado!" : label}
    </button>
  );
}
