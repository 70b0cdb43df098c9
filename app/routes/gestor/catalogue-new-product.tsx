import type { SubmissionResult } from "@conform-to/react";
import { productPage, saveProduct } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { ProductForm } from "#app/features/gestor/catalogue/product-form.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import type { Route } from "./+types/catalogue-new-product";

export const meta = () => [{ title: "Novo produto | Catálogo | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => productPage(request, null);

export const action = ({ request }: Route.ActionArgs) => saveProduct(request, null);

const NEW_PRODUCT = {
  TIPO: "P",
  PARCELAS: "1",
  maxInstallments: "1",
  schoolYear: String(new Date().getFullYear()),
  visivel: "1",
};

export default function GestorNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title="Novo produto" />
      <ProductForm
        defaults={NEW_PRODUCT}
        options={loaderData.options}
        lastResult={reply?.result}
        submitLabel="Criar produto"
      />
    </>
  );
}
