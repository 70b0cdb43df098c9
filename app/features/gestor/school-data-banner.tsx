/** The note on Unidades, Séries and Alunos matriculados when the school's own API holds their data. */
export function SchoolDataBanner({ text }: { text: string }) {
  return (
    <p role="note" data-testid="dados-da-escola" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3">
      {text}
    </p>
  );
}
