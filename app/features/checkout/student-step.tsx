import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { StudentChooser, type StudentChooserProps } from "#app/features/students/student-chooser.tsx";

/** Step 2 (spec §2): who the waiting item is for; any choice adds it and moves to step 3 (spec §4). */
export function StudentStep(chooser: Omit<StudentChooserProps, "basePath" | "addOnChoice">) {
  const creating = chooser.mode === "novo" || chooser.mode === "completo";
  return (
    <section aria-labelledby="student-step-title" className="flex flex-col gap-4">
      <h2 id="student-step-title" className="text-xl font-bold text-slate-900">
        {creating ? "Preencha os dados do aluno que será adicionado!" : "Esse produto é para quem?"}
      </h2>
      <StudentChooser basePath={CHECKOUT_PATH} {...chooser} addOnChoice />
    </section>
  );
}
