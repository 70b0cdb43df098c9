import { Link } from "react-router";

/** Step "Completo" (spec §4): the link is done; "Retornar" goes back to the list with the new student chosen. */
export function DoneStep({ studentName, returnHref }: { studentName: string | null; returnHref: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <p
        className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
        aria-hidden="true"
      >
        ✓
      </p>
      <h3 className="text-lg font-bold text-slate-900">Vínculo concluído!</h3>
      <p className="text-slate-600">
        {studentName ? <strong>{studentName}</strong> : "O estudante"} agora está vinculado(a) à sua conta. Retorne à
        lista para escolher para quem é o item.
      </p>
      <Link
        to={returnHref}
        replace
        preventScrollReset
        className="mt-2 rounded-full bg-brand-600 px-6 py-2.5 font-bold text-white hover:bg-brand-700"
      >
        Retornar
      </Link>
    </div>
  );
}
