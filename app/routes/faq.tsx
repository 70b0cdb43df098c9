import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { FAQ } from "#app/features/support/faq.ts";

export const meta = () => [
  { title: "Perguntas frequentes | Loja Escolar" },
  {
    name: "description",
    content: "Dúvidas sobre compras, RA, pagamentos, parcelamento, cupons e retirada na Loja Escolar.",
  },
];

/**
 * The questions and answers travel as the page's data, not in its script: text the browser only
 * shows has no business in the JavaScript budget (issue 32, docs/decisions/0081).
 */
export function loader() {
  return { faq: FAQ };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Perguntas frequentes</h1>
      <p className="mt-2 text-slate-600">
        Não encontrou sua dúvida? Fale com a nossa equipe em{" "}
        <Link to="/atendimento" className="font-semibold text-brand-600 hover:underline">
          Atendimento
        </Link>
        .
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {loaderData.faq.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl bg-white p-4 ring-1 ring-slate-200 open:ring-brand-500"
          >
            <summary className="cursor-pointer list-none font-semibold text-slate-800 marker:hidden">
              <span className="mr-2 text-brand-600 group-open:hidden">+</span>
              <span className="mr-2 hidden text-brand-600 group-open:inline">−</span>
              {item.question}
            </summary>
            <p className="mt-3 text-slate-600">{item.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
