import { Form, Link } from "react-router";
import { productListPage } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  gestorButton,
  GestorFilterInput,
  GestorFilterSelect,
  GestorPagination,
  gestorSecondaryButton,
  GestorTable,
} from "#app/features/gestor/gestor-ui.tsx";
import { formatBRL } from "#core/money.ts";
import type { Route } from "./+types/catalogue-products";

export const meta = () => [{ title: "Produtos | Catálogo | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => productListPage(request);

export default function GestorProducts({ loaderData }: Route.ComponentProps) {
  const { list, filters, categories, canEdit } = loaderData;
  const hrefOf = (page: number) => {
    const search = new URLSearchParams({ ...filters, page: String(page) });
    return `${GESTOR_PATHS.catalogue}?${search.toString()}`;
  };
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title="Produtos">
        <Link to={GESTOR_PATHS.catalogueExport} reloadDocument className={gestorSecondaryButton}>
          Exportar CSV
        </Link>
        {canEdit ? (
          <>
            <Link to={GESTOR_PATHS.catalogueImport} className={gestorSecondaryButton}>
              Importar CSV
            </Link>
            <Link to={GESTOR_PATHS.catalogueNewProduct} className={gestorButton}>
              Novo produto
            </Link>
          </>
        ) : null}
      </GestorPageHeader>
      <Form method="get" role="search" aria-label="Filtrar produtos" className="mb-3 flex flex-wrap items-end gap-2">
        <GestorFilterInput idPrefix="filtro" name="q" label="Nome" value={filters.q} maxLength={100} />
        <GestorFilterSelect
          idPrefix="filtro"
          name="categoria"
          label="Categoria"
          value={filters.categoria}
          options={[["", "Todas"], ...categories.map((category) => [category.slug, category.title] as const)]}
        />
        <GestorFilterSelect
          idPrefix="filtro"
          name="visivel"
          label="Visibilidade"
          value={filters.visivel}
          options={[
            ["", "Todos"],
            ["sim", "Visíveis"],
            ["nao", "Ocultos"],
          ]}
        />
        <button type="submit" className={gestorButton}>
          Filtrar
        </button>
      </Form>
      <GestorTable
        caption="Produtos do catálogo"
        headers={["Código", "Nome", "Categoria", "Preço", "Preço de venda", "Visível"]}
        empty={list.total === 0 ? "Nenhum produto encontrado com estes filtros." : null}
      >
        {list.rows.map((row) => (
          <tr key={row.id}>
            <td>{row.itemTOTVSId}</td>
            <td>
              <Link to={GESTOR_PATHS.catalogueProduct(row.id)} className="font-semibold text-slate-900 underline">
                {row.title}
              </Link>
            </td>
            <td>{row.category.title}</td>
            <td>{formatBRL(row.PRECO)}</td>
            <td>{formatBRL(row.DESCONTO)}</td>
            <td>{row.visible ? "Sim" : "Não"}</td>
          </tr>
        ))}
      </GestorTable>
      <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={hrefOf} />
    </>
  );
}
