import { Link } from "react-router";
import { GradeForm, type GradeFormReply } from "#app/features/gestor/grades/grade-forms.tsx";
import { gradeAction, gradePage } from "#app/features/gestor/grades/grades.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorActionForm, gestorCard, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/grade";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.grade.HABILITACAO ?? "Série"} | Séries | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => gradePage(request, params.gradeId);

export const action = ({ request, params }: Route.ActionArgs) => gradeAction(request, params.gradeId);

export default function GestorGrade({ loaderData, actionData }: Route.ComponentProps) {
  const { grade } = loaderData;
  const reply = actionData as GradeFormReply | undefined;
  return (
    <>
      <GestorPageHeader title={`${grade.HABILITACAO} (${grade.codgrade}) · período ${grade.CODPERLET}`}>
        <Link to={GESTOR_PATHS.grades(grade.CODPERLET)} className={gestorSecondaryButton}>
          Voltar às séries de {grade.CODPERLET}
        </Link>
      </GestorPageHeader>
      <GradeForm key={JSON.stringify(grade)} period={grade.CODPERLET} grade={grade} reply={reply} />
      <section aria-labelledby="remover-titulo" className={`${gestorCard} mt-6 flex flex-col gap-2`}>
        <h2 id="remover-titulo" className="font-bold text-slate-900">
          Remover a série
        </h2>
        {reply?.formId === "remover" && reply.message ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
            {reply.message}
          </p>
        ) : null}
        {grade.productCount > 0 ? (
          <p className="text-slate-700">
            {counted(grade.productCount, "produto usa", "produtos usam")} esta série: tire a série desses produtos no
            catálogo antes de removê-la.
          </p>
        ) : (
          <>
            <p className="text-slate-700">
              Nenhum produto usa esta série. Remover não desfaz: crie-a de novo se precisar.
            </p>
            <GestorActionForm intent="remove" label="Remover série" danger />
          </>
        )}
      </section>
    </>
  );
}
