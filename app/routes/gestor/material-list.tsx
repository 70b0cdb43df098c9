import { Form, Link } from "react-router";
import {
  GESTOR_LIST_MESSAGES,
  MAX_LIST_LINES,
  REQUIRED_COLLECTIVE_USE_WARNING,
} from "#api/contract/gestor/material-lists.ts";
import {
  CollectiveUseWarning,
  LineCard,
  ListSettingsForm,
  NewLineForm,
  type ListFormReply,
} from "#app/features/gestor/material-lists/list-forms.tsx";
import { listAction, listPage } from "#app/features/gestor/material-lists/material-lists.server.ts";
import { listStateText } from "#app/features/gestor/material-lists/list-text.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  GestorActionForm,
  gestorCard,
  gestorInput,
  gestorLabel,
  gestorSecondaryButton,
  GestorSection,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { formatBRL } from "#core/money.ts";
import { counted } from "#core/text.ts";
import type { Route } from "./+types/material-list";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Lista de material ${loaderData?.list.HABILITACAO ?? ""} | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => listPage(request, params.listId);

export const action = ({ request, params }: Route.ActionArgs) => listAction(request, params.listId);

export default function GestorMaterialList({ loaderData, actionData }: Route.ComponentProps) {
  const { list, search, found, item } = loaderData;
  const reply = actionData as ListFormReply | undefined;
  const here = GESTOR_PATHS.materialList(list.id);
  return (
    <>
      <GestorPageHeader title={`Lista de material: ${list.HABILITACAO} (${list.codgrade}) · período ${list.CODPERLET}`}>
        <Link to={GESTOR_PATHS.materialLists(list.CODPERLET)} className={gestorSecondaryButton}>
          Voltar às listas de {list.CODPERLET}
        </Link>
      </GestorPageHeader>

      <div className={`${gestorCard} mb-4 flex flex-wrap items-center gap-3`}>
        <p data-testid="situacao-lista" className="font-semibold text-slate-900">
          {listStateText(list)} · {counted(list.lineCount, "item", "itens")}
          {list.discountPercentage ? ` · Lista completa com ${list.discountPercentage}% de desconto` : ""}
        </p>
        {list.state === "rascunho" ? null : <GestorActionForm intent="unpublish" label="Despublicar" />}
      </div>
      {list.requiredCollectiveUseCount > 0 ? (
        <p role="note" className="mb-4 rounded bg-red-100 px-3 py-2 font-semibold text-red-900">
          {counted(list.requiredCollectiveUseCount, "item obrigatório é", "itens obrigatórios são")} de uso coletivo.{" "}
          {REQUIRED_COLLECTIVE_USE_WARNING}
        </p>
      ) : list.collectiveUseCount > 0 ? (
        <div className="mb-4">
          <CollectiveUseWarning required={false} />
        </div>
      ) : null}

      <GestorSection id="lista-titulo" title="Publicação, desconto e aviso">
        <ListSettingsForm key={list.updatedAt} list={list} reply={reply} />
      </GestorSection>

      <GestorSection id="itens-titulo" title={`Itens da lista (${list.lineCount})`}>
        {list.lines.length === 0 ? (
          <p className={`${gestorCard} text-slate-600`}>A lista ainda não tem itens. Inclua o primeiro abaixo.</p>
        ) : (
          <ol aria-label="Itens da lista" className="flex flex-col gap-3">
            {list.lines.map((line, index) => (
              <LineCard
                key={`${line.id}-${list.updatedAt}`}
                line={line}
                index={index}
                count={list.lines.length}
                reply={reply}
              />
            ))}
          </ol>
        )}
      </GestorSection>

      <GestorSection id="novo-item-titulo" title="Incluir item">
        {list.lines.length >= MAX_LIST_LINES ? (
          <p className="mb-2 font-semibold text-red-700">{GESTOR_LIST_MESSAGES.tooManyLines}</p>
        ) : null}
        <Form
          method="get"
          action={`${here}#novo-item-titulo`}
          className={`${gestorCard} mb-3 flex flex-wrap items-end gap-2`}
        >
          <div className="grow">
            <label htmlFor="busca" className={gestorLabel}>
              Buscar produto pelo nome
            </label>
            <input id="busca" name="busca" defaultValue={search} maxLength={100} className={gestorInput} />
          </div>
          <button type="submit" className={gestorSecondaryButton}>
            Buscar
          </button>
        </Form>
        {found ? (
          <div className="mb-3">
            <GestorTable
              caption={`Produtos encontrados para "${search}"`}
              headers={["Código", "Produto", "Preço", ""]}
              empty={found.length === 0 ? `Nenhum produto encontrado para "${search}".` : null}
            >
              {found.map((product) => (
                <tr key={product.id}>
                  <td className="font-mono">{product.itemTOTVSId}</td>
                  <td>
                    {product.title}
                    {product.visible ? "" : " (oculto na loja)"}
                  </td>
                  <td>{formatBRL(product.DESCONTO)}</td>
                  <td>
                    <Link
                      to={`${here}?item=${product.itemTOTVSId}#novo-item-titulo`}
                      className="font-semibold text-slate-900 underline"
                    >
                      Usar este<span className="sr-only"> produto: {product.title}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </GestorTable>
          </div>
        ) : null}
        <NewLineForm
          key={`${item}-${list.updatedAt}`}
          item={item}
          reply={reply}
          full={list.lines.length >= MAX_LIST_LINES}
        />
      </GestorSection>

      <GestorSection id="remover-titulo" title="Remover a lista">
        <div className={`${gestorCard} flex flex-col gap-2`}>
          <p className="text-slate-700">
            Remove a lista e seus itens. Os responsáveis deixam de vê-la; pedidos já feitos não mudam.
          </p>
          <GestorActionForm intent="remove" label="Remover lista" danger />
        </div>
      </GestorSection>
    </>
  );
}
