import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { productPage, saveProduct } from "#app/features/gestor/catalogue/catalogue.server.ts";
import { CatalogueNav } from "#app/features/gestor/catalogue/catalogue-ui.tsx";
import { ProductForm, ProductReadOnly } from "#app/features/gestor/catalogue/product-form.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/catalogue-product";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.product?.fields.NOME ?? "Produto"} | Catálogo | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => productPage(request, params.productId);

export const action = ({ request, params }: Route.ActionArgs) => saveProduct(request, params.productId);

export default function GestorProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, options, canEdit } = loaderData;
  if (!product) return null;
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <CatalogueNav />
      <GestorPageHeader title={product.fields.NOME ?? "Produto"}>
        <Link to={product.shopPath} className={gestorSecondaryButton}>
          Ver na loja
        </Link>
      </GestorPageHeader>
      {canEdit ? (
        // Keyed by what was saved: after a save (a redirect to this page) the form shows the
        // stored values, as it does without JavaScript.
        <ProductForm
          key={JSON.stringify([product.fields, product.variants])}
          defaults={product.fields}
          variants={product.variants}
          seatsTaken={product.seatsTaken}
          options={options}
          lastResult={reply?.result}
          submitLabel="Salvar produto"
        />
      ) : (
        <ProductReadOnly fields={product.fields} variants={product.variants} options={options} />
      )}
    </>
  );
}
