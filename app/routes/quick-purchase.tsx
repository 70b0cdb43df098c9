import { loadQuickPurchase, quickPurchaseAction } from "#app/features/quick-purchase/quick-purchase.server.ts";
import {
  GradeStep,
  ItemsStep,
  ResultStep,
  StudentChoiceStep,
} from "#app/features/quick-purchase/quick-purchase-steps.tsx";
import { QUICK_PURCHASE_STEPS } from "#app/features/quick-purchase/quick-purchase-state.ts";
import { ListEntriesBlock } from "#app/features/lists/list-entries-block.tsx";
import { StepList } from "#app/ui/step-list.tsx";
import type { Route } from "./+types/quick-purchase";

export const meta = () => [
  { title: "Compra Rápida | Loja Escolar" },
  {
    name: "description",
    content:
      "Escolha a série do estudante e coloque de uma vez no carrinho o material, o fardamento e os cursos indicados.",
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadQuickPurchase({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return quickPurchaseAction({ request, context });
}

export default function QuickPurchasePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Compra Rápida</h1>
      <p className="mt-1 text-slate-600">
        Escolha a série, confira a lista de itens indicados e coloque tudo no carrinho do estudante de uma vez.
      </p>
      <div className="mt-6 flex flex-col gap-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <StepList
          steps={QUICK_PURCHASE_STEPS}
          current={page.step}
          label="Etapas da Compra Rápida"
          variant="page"
          testId="quick-purchase-steps"
        />
        {page.step === 1 ? (
          <>
            <ListEntriesBlock entries={page.listEntries} />
            <GradeStep
              groups={page.groups}
              series={page.series}
              problem={page.problem}
              studentsGrades={page.studentsGrades}
            />
          </>
        ) : page.step === 2 ? (
          <ItemsStep series={page.series} items={page.items} ticked={page.ticked} problem={page.problem} />
        ) : page.step === 3 ? (
          <StudentChoiceStep
            series={page.series}
            items={page.items}
            ticked={page.ticked}
            loggedIn={page.loggedIn}
            mode={page.mode}
            students={page.students}
            selectedStudentId={page.selectedStudentId}
            studentDataId={page.studentDataId}
            removeLinkId={page.removeLinkId}
            reply={actionData}
          />
        ) : (
          <ResultStep studentName={page.studentName} lines={page.lines} />
        )}
      </div>
    </div>
  );
}
