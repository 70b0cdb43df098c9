import { categoriesPage, saveCategory } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { CategoryForm, type SectionReply } from "#app/features/gestor/catalogue/section-forms.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorTable } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/catalogue-categories";

export const meta = () => [{ title: "Categorias | Catálogo | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => categoriesPage(request);

export const action = ({ request }: Route.ActionArgs) => saveCategory(request);

export default function GestorCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, canEdit } = loaderData;
  const reply = actionData as SectionReply | undefined;
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title="Categorias" />
      {canEdit ? (
        <div className="flex flex-col gap-3">
          <section aria-labelledby="nova-categoria-titulo">
            <h2 id="nova-categoria-titulo" className="mb-2 font-bold text-slate-900">
              Nova categoria
            </h2>
            <CategoryForm formId="nova-categoria" reply={reply} />
          </section>
          <h2 className="font-bold text-slate-900">Categorias da loja</h2>
          {categories.map((category) => (
            <CategoryForm key={category.id} formId={`categoria-${category.id}`} category={category} reply={reply} />
          ))}
        </div>
      ) : (
        <GestorTable
          caption="Categorias da loja"
          headers={["Ordem", "Título", "Slug", "Ícone", "Página inicial", "Visível", "Produtos"]}
        >
          {categories.map((category) => (
            <tr key={category.id}>
              <td>{category.position}</td>
              <td>{category.title}</td>
              <td>{category.slug}</td>
              <td>{category.icon ?? "Pelo endereço (slug)"}</td>
              <td>
                {category.homePosition === null
                  ? "Não"
                  : `${category.homePosition}º: ${category.homeHeading ?? category.title}`}
              </td>
              <td>{category.visible ? "Sim" : "Não"}</td>
              <td>{category.productCount}</td>
            </tr>
          ))}
        </GestorTable>
      )}
    </>
  );
}
