import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import {
  GestorDetails,
  GestorPagination,
  GestorSection,
  gestorSecondaryButton,
} from "#app/features/gestor/gestor-ui.tsx";
import { ADJUST_FORM_ID } from "#app/features/gestor/stock/stock-forms.ts";
import { stockItemAction, stockItemPage, type WaitingListActionData } from "#app/features/gestor/stock/stock.server.ts";
import { itemName, MovementsTable, StockCountForm, type StockFormReply } from "#app/features/gestor/stock/stock-ui.tsx";
import { WaitingListTable } from "#app/features/gestor/stock/waiting-list-ui.tsx";
import { useUnitLabel } from "#app/features/gestor/unit-options.ts";
import { STOCK_MESSAGES } from "#api/contract/gestor/stock.ts";
import type { Route } from "./+types/stock-item";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? itemName(loaderData.item) : "Item"} | Estoque | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) =>
  stockItemPage(request, params.unitCode, params.itemTOTVSId);

export const action = ({ request }: Route.ActionArgs) => stockItemAction(request);

/**
 * A refused post (409: the level or the line changed in another tab) must show them as they are
 * now, as the page does without JavaScript (a document post reruns the loader); React Router
 * skips the reload after a 4xx: reload after every post of this page. The forms keep what was typed.
 */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export default function GestorStockItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, movements, waitingList, canChange } = loaderData;
  const waitingListError = (actionData as Partial<WaitingListActionData> | undefined)?.waitingListError;
  const unitLabel = useUnitLabel();
  const hrefOf = (page: number) => `${GESTOR_PATHS.stockItem(item.unitCode, item.itemTOTVSId)}?page=${page}`;
  return (
    <>
      <GestorPageHeader title={itemName(item)}>
        <Link to={GESTOR_PATHS.stock} className={gestorSecondaryButton}>
          Voltar ao estoque
        </Link>
      </GestorPageHeader>
      <GestorDetails
        columns="sm:grid-cols-2 lg:grid-cols-5"
        details={[
          ["Unidade", unitLabel(item.unitCode)],
          ["Código do item", item.itemTOTVSId],
          ["Disponível", item.capacity !== null ? `${item.available} de ${item.capacity} vagas` : item.available],
          ["Em pedidos pendentes", item.held],
          ["Categoria", item.categoryTitle ?? "—"],
        ]}
      />
      {canChange && item.capacity !== null ? (
        <p className="mb-4 text-slate-700" data-testid="vagas-pela-capacidade">
          {STOCK_MESSAGES.classSeats}
        </p>
      ) : canChange ? (
        <GestorSection id="ajuste-titulo" title="Ajustar o estoque">
          <StockCountForm formId={ADJUST_FORM_ID} item={item} reply={actionData as StockFormReply | undefined} />
        </GestorSection>
      ) : null}
      {waitingList ? (
        <div id="lista-de-espera">
          <GestorSection id="lista-de-espera-titulo" title="Lista de espera">
            <WaitingListTable item={item} entries={waitingList} canChange={canChange} error={waitingListError} />
          </GestorSection>
        </div>
      ) : null}
      <GestorSection id="historico-titulo" title="Histórico">
        <MovementsTable rows={movements.rows} />
        <GestorPagination
          page={movements.page}
          pageCount={movements.pageCount}
          total={movements.total}
          hrefOf={hrefOf}
        />
      </GestorSection>
    </>
  );
}
