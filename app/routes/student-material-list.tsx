import { Link } from "react-router";
import { ListOutcomes } from "#app/features/lists/list-outcomes.tsx";
import { StudentListForm } from "#app/features/lists/student-list-form.tsx";
import { loadStudentList, studentListAction } from "#app/features/lists/student-list.server.ts";
import { QUICK_PURCHASE_PATH } from "#app/features/quick-purchase/quick-purchase-state.ts";
import type { Route } from "./+types/student-material-list";

export const meta = () => [{ title: "Lista de material | Loja Escolar" }, { name: "robots", content: "noindex" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStudentList({ request, context }, params.studentId);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return studentListAction({ request, context }, params.studentId);
}

/** /conta/lista-de-material/:studentId: the school's list of the student's grade, bought in one step (issue 29). */
export default function StudentMaterialListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, problem, outcomes } = loaderData;
  if (!list)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Lista de material</h1>
        <p className="mt-3 rounded-lg bg-slate-50 p-4 text-slate-800 ring-1 ring-slate-200" role="status">
          {problem}
        </p>
        <div className="mt-4 flex flex-wrap gap-4">
          <Link to="/conta#meus-estudantes" className="font-semibold text-brand-600 hover:underline">
            Voltar aos meus estudantes
          </Link>
          <Link to={QUICK_PURCHASE_PATH} className="font-semibold text-brand-600 hover:underline">
            Montar a compra pela Compra Rápida
          </Link>
        </div>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Lista de material de {list.student.name}</h1>
        <p className="mt-1 text-slate-600">
          {list.gradeName}
          {list.course ? ` · ${list.course}` : ""} · ano letivo {list.periodCode.slice(0, 4)}
        </p>
        {list.notice ? <p className="mt-2 text-slate-700">{list.notice}</p> : null}
      </header>
      {outcomes ? <ListOutcomes outcomes={outcomes} lines={list.lines} /> : null}
      {list.discountPercentage ? (
        <p className="rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-800" data-testid="list-discount">
          Lista completa com {list.discountPercentage}% de desconto: mantenha no carrinho todos os itens obrigatórios à
          venda.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Os itens obrigatórios já vêm marcados. Marque &quot;Já tenho&quot; no que o estudante já tem e
        &quot;Comprar&quot; nos opcionais que quiser.
      </p>
      {/* A new form when the list or the bag changed (after a post, with JavaScript too): fresh starting values. */}
      <StudentListForm
        key={`${list.updatedAt} ${list.lines.map((line) => (line.inBag ? 1 : 0)).join("")} ${outcomes ? "sent" : ""}`}
        list={list}
        sent={outcomes !== null}
        lastResult={actionData?.result}
      />
    </div>
  );
}
