import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { orNotFound } from "#app/.server/not-found.server.ts";
import { pickupOf, storeUnits } from "#app/.server/school-units.server.ts";
import { categoryProduct } from "#app/features/catalogue/category-listing.server.ts";
import { isNewStudentIntent, newStudentAction } from "#app/features/students/new-student/new-student.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { linkAction, linkedStudents } from "#app/features/students/student-link.server.ts";
import { ProductInformation } from "#app/features/catalogue/product-information.tsx";
import { isLinkMode } from "#app/features/students/link-mode.ts";
import { BuyButton } from "#app/features/catalogue/buy-button.tsx";
import { withItemFor } from "#app/features/cart/cart-changes.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { productInstallments } from "#core/installments.ts";

import type { Route } from "./+types/product";
import { productPath } from "#app/lib/product-path.ts";

const { key: LINK_PARAM, student: SELECTED_STUDENT_PARAM } = URL_STATE.link;

// The student chooser's forms bring Zod and Conform: browsers load them when it opens; the
// server renders it directly (as the shop layout's modals, docs/decisions/0037-page-weight.md).
const LinkModal = import.meta.env.SSR
  ? (await import("#app/features/students/link-modal.tsx")).LinkModal
  : lazy(() => import("#app/features/students/link-modal.tsx").then((module) => ({ default: module.LinkModal })));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.product.title} | Loja Escolar` },
        { name: "description", content: loaderData.product.description },
      ]
    : [{ title: "Página não encontrada | Loja Escolar" }];

const findProduct = ({ context }: RequestArgs, categorySlug: string, productSlug: string) =>
  orNotFound(categoryProduct(storeApi(context), categorySlug, productSlug));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [product, units] = await Promise.all([
    findProduct({ request, context }, params.categorySlug, params.productSlug),
    storeUnits(storeApi(context)),
  ]);
  const url = new URL(request.url);
  const mode = url.searchParams.get(LINK_PARAM);
  const linkMode = isLinkMode(mode) ? mode : null;
  const loggedIn = Boolean(currentCustomer(context));
  const students =
    loggedIn && (linkMode === "lista" || linkMode === "completo") ? await linkedStudents({ request, context }) : [];
  return {
    product,
    // Spec §9 at the request's time, sent with the page so the hydrated page says the same.
    installments: productInstallments(product),
    // The unit's address and hours of today (issue 27), for goods picked up there.
    pickup: pickupOf(units, product),
    loggedIn,
    linkMode: loggedIn ? linkMode : null,
    students,
    selectedStudentId: url.searchParams.get(SELECTED_STUDENT_PARAM),
    studentDataId: url.searchParams.get(URL_STATE.studentData.key),
    removeLinkId: url.searchParams.get(URL_STATE.removeLink.key),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const product = await findProduct({ request, context }, params.categorySlug, params.productSlug);
  formData.set("itemTOTVSId", String(product.itemTOTVS));
  const productPage = productPath(params.categorySlug, params.productSlug);
  if (isNewStudentIntent(formData.get("intent"))) return newStudentAction({ request, context }, formData, productPage);
  return linkAction(
    { request, context },
    formData,
    productPage,
    (bags, studentId) => withItemFor(bags, studentId, product.itemTOTVS),
    hrefWithParam(new URL(productPage, "http://loja.local"), URL_STATE.cart.key, URL_STATE.cart.open),
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    product,
    installments,
    pickup,
    loggedIn,
    linkMode,
    students,
    selectedStudentId,
    studentDataId,
    removeLinkId,
  } = loaderData;
  const productPage = productPath(product.category.slug, product.slug);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Trilha" className="mb-4 text-sm text-slate-500">
        <Link to="/" className="hover:underline">
          Início
        </Link>{" "}
        /{" "}
        <Link to={`/categoria/${product.category.slug}`} className="hover:underline">
          {product.category.title}
        </Link>
      </nav>
      {/* "Comprar" right under the price, not below the (taller) image. */}
      <ProductInformation product={product} installments={installments} pickup={pickup}>
        <div>
          <BuyButton loggedIn={loggedIn} productPath={productPage} itemTOTVSId={product.itemTOTVS} />
          {product.TURNO ? <p className="mt-4 text-sm text-slate-600">Turno: {product.TURNO}</p> : null}
          <h2 className="mt-6 font-bold text-slate-900">Descrição</h2>
          <p className="mt-1 text-slate-700">{product.description}</p>
        </div>
      </ProductInformation>
      {linkMode ? (
        <Suspense fallback={null}>
          <LinkModal
            product={product}
            installments={installments}
            mode={linkMode}
            students={students}
            selectedStudentId={selectedStudentId}
            productPath={productPage}
            reply={actionData}
            studentDataId={studentDataId}
            removeLinkId={removeLinkId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
