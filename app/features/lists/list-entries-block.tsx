import { Link } from "react-router";
import type { StudentListEntry } from "./list-entry-links.ts";

/**
 * /compra-rapida's first step for a parent whose students' grades have a published list
 * (issue 29): each student's own list, above the store's choice by grade.
 */
export function ListEntriesBlock({ entries }: { entries: StudentListEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby="listas-dos-estudantes"
      className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
      data-testid="list-entries-block"
    >
      <h2 id="listas-dos-estudantes" className="font-bold text-slate-900">
        Lista de material: a lista da escola para cada estudante
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.studentId}>
            <Link
              to={entry.href}
              className="inline-block rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Lista de material de {entry.firstName}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
