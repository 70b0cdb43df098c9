import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { copyListsAction, copyListsPage } from "#app/features/gestor/material-lists/material-lists.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  gestorButton,
  gestorCard,
  gestorInput,
  gestorLabel,
  gestorSecondaryButton,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/material-lists-copy";

export const meta = () => [{ title: "Copiar listas de material | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => copyListsPage(request);

export const action = ({ request }: Route.ActionArgs) => copyListsAction(request);

/** What copying one period's lists into another would do, then "Copiar" (drafts only). */
export default function GestorMaterialListsCopy({ loaderData }: Route.ComponentProps) {
  const { from, to, plan, error } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <GestorPageHeader title={`Copiar listas de material para ${to}`}>
        <Link to={GESTOR_PATHS.materialLists(to)} className={gestorSecondaryButton}>
          Voltar às listas de {to}
        </Link>
      </GestorPageHeader>
      <Form method="get" className={`${gestorCard} mb-4 flex flex-wrap items-end gap-3`}>
        <div>
          <label htmlFor="de" className={gestorLabel}>
            Copiar do período
          </label>
          <input
            id="de"
            name="de"
            defaultValue={from}
            key={from}
            inputMode="numeric"
            maxLength={6}
            className={gestorInput}
          />
        </div>
        <div>
          <label htmlFor="para" className={gestorLabel}>
            Para o período
          </label>
          <input
            id="para"
            name="para"
            defaultValue={to}
            key={to}
            inputMode="numeric"
            maxLength={6}
            className={gestorInput}
          />
        </div>
        <button type="submit" className={gestorSecondaryButton}>
          Ver o que seria copiado
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {plan ? (
        <>
          <p className="mb-3 text-slate-700">
            Cada lista de {plan.from} vai para a mesma série de {plan.to} como rascunho (sem data de publicação nem
            desconto), se a série existir em {plan.to} e ainda não tiver lista. Itens de produtos desativados no
            catálogo ficam de fora.
          </p>
          <GestorTable
            caption={`Listas de ${plan.from} e o que a cópia faria`}
            headers={["Série", "Ação", "Itens", "Ficam de fora"]}
            empty={plan.grades.length === 0 ? `O período ${plan.from} não tem listas de material para copiar.` : null}
          >
            {plan.grades.map((grade) => (
              <tr key={grade.codgrade}>
                <td>
                  {grade.HABILITACAO} <span className="font-mono text-sm text-slate-600">({grade.codgrade})</span>
                </td>
                <td>{grade.action === "copiar" ? "Copiar" : `Não copiar: ${grade.reason}`}</td>
                <td>{grade.lines}</td>
                <td>{grade.dropped.map((line) => `${line.title} (${line.itemTOTVSId})`).join(", ") || "—"}</td>
              </tr>
            ))}
          </GestorTable>
          {plan.copies > 0 ? (
            <Form method="post" className="mt-4">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="from" value={plan.from} />
              <input type="hidden" name="to" value={plan.to} />
              <button type="submit" name="intent" value="copy" className={gestorButton} disabled={busy}>
                Copiar {counted(plan.copies, "lista", "listas")} para {plan.to}
              </button>
            </Form>
          ) : plan.grades.length > 0 ? (
            <p className="mt-4 font-semibold text-slate-700">Nenhuma lista a copiar.</p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
