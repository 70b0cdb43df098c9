import type { StudentLink } from "#api/contract/students.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import type { NewStudentReply } from "#app/features/students/new-student/new-student-wizard.tsx";
import { StudentChooser, type LinkMode } from "#app/features/students/student-chooser.tsx";

/** Step 2 (spec §2): who the waiting item is for. */
export function StudentStep({
  mode,
  students,
  selectedStudentId,
  itemTOTVSId,
  newStudentReply,
}: {
  mode: LinkMode;
  students: StudentLink[];
  selectedStudentId: string | null;
  itemTOTVSId: number;
  newStudentReply?: NewStudentReply;
}) {
  const creating = mode === "novo" || mode === "completo";
  return (
    <section aria-labelledby="student-step-title" className="flex flex-col gap-4">
      <h2 id="student-step-title" className="text-xl font-bold text-slate-900">
        {creating ? "Preencha os dados do aluno que será adicionado!" : "Esse Produto é para quem?"}
      </h2>
      <StudentChooser
        basePath={CHECKOUT_PATH}
        mode={mode}
        students={students}
        selectedStudentId={selectedStudentId}
        itemTOTVSId={itemTOTVSId}
        newStudentReply={newStudentReply}
      />
    </section>
  );
}
