import { Link } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPagination, GestorSection, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { TRACK_FORM_ID } from "#app/features/gestor/stock/stock-forms.ts";
import { stockAction, stockPage } from "#app/features/gestor/stock/stock.server.ts";
import {
  StockCountForm,
  StockFilterForm,
  StockTable,
  type StockFormReply,
} from "#app/features/gestor/stock/stock-ui.tsx";
import type { Route } from "./+types/stock";

export const meta = () => [{ title: "Estoque | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => stockPage(request);

export const action = ({ request }: Route.ActionArgs) => stockAction(request);

export default function GestorStock({ loaderData, actionData }: Route.ComponentProps) {
  const { list, filters, units, canChange } = loaderData;
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const hrefOf = (page: number) => `${GESTOR_PATHS.stock}?${new URLSearchParams([...search, ["page", String(page)]])}`;
  return (
    <>
      <GestorPageHeader title="Estoque">
        <a href={`${GESTOR_PATHS.stockExport}?${search}`} className={gestorSecondaryButton} download>
          Exportar CSV
        </a>
        {canChange ? (
          <Link to={GESTOR_PATHS.stockImport} className={gestorSecondaryButton}>
            Importar CSV
          </Link>
        ) : null}
      </GestorPageHeader>
      <p className="mb-3 text-slate-700">
        Itens cujo estoque a loja acompanha, por unidade: peças de um produto ou de um tamanho, vagas de uma turma. Um
        item sem estoque acompanhado é vendido sem limite. &quot;Em pedidos pendentes&quot; são peças reservadas por
        boletos e Pix ainda não pagos: voltam ao estoque se o pedido expirar ou for cancelado.
      </p>
      <StockFilterForm filters={filters} units={units} categories={list.categories} />
      <StockTable rows={list.rows} />
      <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={hrefOf} />
      {canChange ? (
        <div className="mt-6">
          <GestorSection id="acompanhar-titulo" title="Começar a acompanhar um item">
            <p className="mb-2 text-slate-700">
              Informe o código do item (de um produto ou de um tamanho) e quantas peças há na unidade. A partir daí, a
              loja não vende mais do que o disponível.
            </p>
            <StockCountForm formId={TRACK_FORM_ID} units={units} reply={actionData as StockFormReply | undefined} />
          </GestorSection>
        </div>
      ) : null}
    </>
  );
}
