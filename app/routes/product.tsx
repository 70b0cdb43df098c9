import { lazy, Suspense } from "react";
import { data, Link, type ShouldRevalidateFunction } from "react-router";
import { orNotFound } from "#app/.server/not-found.server.ts";
import { pickupOf, storeUnits } from "#app/.server/school-units.server.ts";
import { categoryProduct } from "#app/features/catalogue/category-listing.server.ts";
import { isNewStudentIntent, newStudentAction } from "#app/features/students/new-student/new-student.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { linkAction, linkedStudents } from "#app/features/students/student-link.server.ts";
import { ProductInformation } from "#app/features/catalogue/product-information.tsx";
import { isLinkMode } from "#app/features/students/link-mode.ts";
import { ProductBuy } from "#app/features/catalogue/product-buy.tsx";
import { BUY_OPTION_INTENT } from "#app/features/catalogue/product-stock.ts";
import { buyOptionAction, itemOfLink, optionMissing } from "#app/features/catalogue/buy-option.server.ts";
import { liveStockView, showsLiveStock, variantOfUrl, withOption } from "#app/features/catalogue/product-stock.ts";
import { LIVE_RENDER_HEADER, liveStockHeader } from "#app/.server/page-cache.server.ts";
import { withItemFor } from "#app/features/cart/cart-changes.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { productInstallments } from "#core/installments.ts";

import type { Route } from "./+types/product";
import { productPath } from "#app/lib/product-path.ts";
import { usePersonalData } from "#app/lib/personal-data.ts";

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
  const chosenOption = variantOfUrl(product, url);
  const mode = url.searchParams.get(LINK_PARAM);
  const linkMode = isLinkMode(mode) ? mode : null;
  const customer = currentCustomer(context)?.customer ?? null;
  const loggedIn = Boolean(customer);
  const students =
    loggedIn && (linkMode === "lista" || linkMode === "completo") ? await linkedStudents({ request, context }) : [];
  return data(
    {
      product,
      // What "Comprar" shows of sizes, stock and seats (issue 28), worked out here, not in the page's script.
      liveStock: liveStockView(product),
      // The size chosen before the link modal (?opcao=M, decision 0066); null: none yet.
      chosenOption,
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
    },
    // Stock and seats change at every sale: the page cache keeps this page only while they stand (0087).
    showsLiveStock(product) ? { headers: { [LIVE_RENDER_HEADER]: liveStockHeader(product) } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A refused "Comprar" (a size sold out meanwhile) reloads the stock shown, as without JavaScript. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult && typeof actionResult === "object" && "buyError" in actionResult) || defaultShouldRevalidate;

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const product = await findProduct({ request, context }, params.categorySlug, params.productSlug);
  const productPage = productPath(params.categorySlug, params.productSlug);
  if (formData.get("intent") === BUY_OPTION_INTENT)
    return buyOptionAction({ request, context }, formData, product, productPage);
  // The link modal's item: a product with options keeps the one chosen in the URL (0066).
  const url = new URL(request.url);
  const item = itemOfLink(product, url);
  if (item === null) return optionMissing(product, productPage);
  formData.set("itemTOTVSId", String(item));
  const pagePath = withOption(productPage, variantOfUrl(product, url));
  if (isNewStudentIntent(formData.get("intent"))) return newStudentAction({ request, context }, formData, pagePath);
  return linkAction(
    { request, context },
    formData,
    pagePath,
    (bags, studentId) => withItemFor(bags, studentId, item),
    hrefWithParam(new URL(pagePath, "http://loja.local"), URL_STATE.cart.key, URL_STATE.cart.open),
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    product,
    liveStock,
    chosenOption,
    installments,
    pickup,
    loggedIn,
    linkMode,
    students,
    selectedStudentId,
    studentDataId,
    removeLinkId,
  } = loaderData;
  // "Avise-me quando chegar" keeps the account's address (issue 28); from the shopper's own data,
  // not this page's, so a page shared by every parent carries none of it (decision 0084).
  const customerEmail = usePersonalData().customer?.email ?? null;
  const productPage = productPath(product.category.slug, product.slug);
  // The link modal's forms and links keep the size chosen (?opcao=M).
  const linkPage = withOption(productPage, chosenOption);
  const refused = actionData && "buyError" in actionData ? actionData : null;
  const chooserReply = actionData && !("buyError" in actionData) ? actionData : undefined;
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
          <ProductBuy
            itemTOTVSId={product.itemTOTVS}
            view={liveStock}
            loggedIn={loggedIn}
            productPath={productPage}
            chosenValue={refused ? refused.chosen : (chosenOption?.value ?? null)}
            error={refused?.buyError ?? null}
            customerEmail={customerEmail}
          />
          {product.TURNO ? <p className="mt-4 text-sm text-slate-600">Turno: {product.TURNO}</p> : null}
          <h2 className="mt-6 font-bold text-slate-900">Descrição</h2>
          <p className="mt-1 text-slate-700">{product.description}</p>
        </div>
      </ProductInformation>
      {linkMode ? (
        <Suspense fallback={null}>
          <LinkModal
            product={product}
            option={chosenOption}
            installments={installments}
            mode={linkMode}
            students={students}
            selectedStudentId={selectedStudentId}
            productPath={linkPage}
            reply={chooserReply}
            studentDataId={studentDataId}
            removeLinkId={removeLinkId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
