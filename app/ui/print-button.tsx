import { useHydrated } from "remix-utils/use-hydrated";

/** "Imprimir" once JavaScript runs; without it the browser's own print command does it. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white print:hidden"
    >
      Imprimir
    </button>
  );
}
