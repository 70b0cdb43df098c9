/**
 * The Catálogo pages' loaders and actions (docs/decisions/0032-catalogue-editing.md): everyone
 * on the staff reads; only admins write, and the API refuses the others all the same.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  bannerFields,
  categoryFields,
  highlightFields,
  CSV_MAX_BYTES,
  CSV_TOO_LARGE,
  gestorCatalogue,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_WRONG_TYPE,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_EXTRA_FIELDS,
  productFormFields,
  VARIANT_FIELD_NAMES,
  type ImportReport,
} from "#api/contract/gestor/catalogue.ts";
import { buildPath } from "#api/contract/endpoint.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { counted } from "#core/text.ts";
import { datedFileName, gestorCsvDownload } from "../csv-download.server.ts";
import { csvImportAction, type CsvImportActionData } from "../csv-import.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { unitOptions } from "../unit-options.ts";
import { saveListForm } from "../list-form.server.ts";
import { requireAdmin, requireStaff } from "../staff-guard.server.ts";

const CHECKBOXES = new Set(["turnYear", "visivel", "visible"]);

/** The form's fields as the API takes them: text, a ticked box "1", grades "12,13". */
function textOf(formData: FormData, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    keys.map((key) => {
      if (key === "seriesTOTVSID") return [key, formData.getAll(key).map(String).join(",")];
      if (CHECKBOXES.has(key)) return [key, formData.get(key) ? "1" : "0"];
      return [key, String(formData.get(key) ?? "")];
    }),
  );
}

/** The options' rows as the API takes them, in the form's order: a ticked "Ativa" is "1". */
function variantsText(formData: FormData): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (let index = 0; formData.has(`variants[${index}].value`); index++)
    rows.push(
      Object.fromEntries(
        VARIANT_FIELD_NAMES.map((key) => {
          const value = formData.get(`variants[${index}].${key}`);
          return [key, key === "active" ? (value ? "1" : "0") : String(value ?? "")];
        }),
      ),
    );
  return rows;
}

/** A refusal of the API: 404 as the page's, anything else for the caller to show. */
function notFoundPage(error: unknown, message: string): never {
  if (error instanceof StoreApiError && error.status === 404) throw new Response(message, { status: 404 });
  throw error;
}

export async function productListPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "catalogue" });
  const url = new URL(request.url);
  const filters = {
    q: url.searchParams.get("q") ?? "",
    categoria: url.searchParams.get("categoria") ?? "",
    visivel: url.searchParams.get("visivel") ?? "",
  };
  const [list, options] = await Promise.all([
    call(
      gestorCatalogue.listProducts,
      {},
      {
        query: {
          q: filters.q || undefined,
          categoria: filters.categoria || undefined,
          visivel: (filters.visivel || undefined) as "sim" | "nao" | undefined,
          page: url.searchParams.get("page") ?? undefined,
        },
      },
    ),
    call(gestorCatalogue.options, {}),
  ]);
  return { canEdit: staff.role === "admin", filters, list, categories: options.categories };
}

export async function productPage(request: Request, productId: string | null) {
  const { staff, call } = await requireStaff(request, { part: "catalogue" });
  if (!productId && staff.role !== "admin") await requireAdmin(request);
  const [options, product, units] = await Promise.all([
    call(gestorCatalogue.options, {}),
    productId
      ? call(gestorCatalogue.getProduct, { productId }).catch((error: unknown) =>
          notFoundPage(error, "Produto não encontrado."),
        )
      : null,
    gestorUnitList(request),
  ]);
  const current = product?.product.fields.CODCOLIGADA;
  // Active units, and the product's own even when inactive (it keeps its unit until changed).
  const unitChoices = unitOptions(units, current ? [current] : []);
  return {
    canEdit: staff.role === "admin",
    options: { ...options, units: unitChoices },
    product: product?.product ?? null,
  };
}

/** Saves the product form (multipart: the image travels with the fields), or shows it again. */
export async function saveProduct(request: Request, productId: string | null) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: productFormFields });
  // "Adicionar opção", "Remover", "Subir": the form again with the list changed, nothing saved
  // (Conform's list intents; without JavaScript they come here as a post).
  if (submission.status === undefined) return formReply({ result: submission.reply() });
  const file = formData.get("novaImagem");
  const upload = file instanceof File && file.size > 0 ? file : null;
  const imageError = upload && upload.size > IMAGE_MAX_BYTES ? IMAGE_TOO_LARGE : null;
  if (submission.status !== "success" || imageError)
    return formReply(
      { result: submission.reply({ fieldErrors: imageError ? { novaImagem: [imageError] } : {} }) },
      400,
    );
  const body = {
    fields: textOf(formData, [...PRODUCT_CSV_COLUMNS, ...PRODUCT_EXTRA_FIELDS]),
    variants: variantsText(formData),
    image: upload ? Buffer.from(await upload.arrayBuffer()).toString("base64") : undefined,
  };
  let saved;
  try {
    saved = productId
      ? await call(gestorCatalogue.updateProduct, { productId }, { body })
      : await call(gestorCatalogue.createProduct, {}, { body });
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    const onImage = error.message === IMAGE_WRONG_TYPE || error.message === IMAGE_TOO_LARGE;
    return formReply(
      {
        result: submission.reply(
          onImage ? { fieldErrors: { novaImagem: [error.message] } } : { formErrors: [error.message] },
        ),
      },
      error.status,
    );
  }
  return toasts().redirectWithSuccess(GESTOR_PATHS.catalogueProduct(saved.product.id), "Produto salvo.");
}

export async function categoriesPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "catalogue" });
  const { categories } = await call(gestorCatalogue.listCategories, {});
  return { canEdit: staff.role === "admin", categories };
}

/** Creates (intent "create") or updates (intent "update", with categoryId) a category. */
export async function saveCategory(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const categoryId = String(formData.get("categoryId") ?? "");
  if (intent !== "create" && intent !== "update") throw data("Ação desconhecida.", { status: 400 });
  const formId = intent === "create" ? "nova-categoria" : `categoria-${categoryId}`;
  const body = textOf(formData, Object.keys(categoryFields.shape));
  return saveListForm(
    formData,
    { formId, schema: categoryFields, path: GESTOR_PATHS.catalogueCategories, saved: "Categoria salva." },
    () =>
      intent === "create"
        ? call(gestorCatalogue.createCategory, {}, { body })
        : call(gestorCatalogue.updateCategory, { categoryId }, { body }),
  );
}

export async function highlightsPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "catalogue" });
  const { highlights } = await call(gestorCatalogue.listHighlights, {});
  return { canEdit: staff.role === "admin", highlights };
}

/** Saves a highlight's title and visibility (intent "highlight") or one of its banners (intent "banner"). */
export async function saveHighlight(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const highlightId = String(formData.get("highlightId") ?? "");
  const page = { path: GESTOR_PATHS.catalogueHighlights };
  if (intent === "highlight")
    return saveListForm(
      formData,
      { ...page, formId: `destaque-form-${highlightId}`, schema: highlightFields, saved: "Destaque salvo." },
      () => call(gestorCatalogue.updateHighlight, { highlightId }, { body: textOf(formData, ["title", "visible"]) }),
    );
  if (intent !== "banner") throw data("Ação desconhecida.", { status: 400 });
  const bannerId = String(formData.get("bannerId") ?? "");
  return saveListForm(
    formData,
    { ...page, formId: `banner-${bannerId}`, schema: bannerFields, saved: "Banner salvo." },
    () =>
      call(
        gestorCatalogue.updateBanner,
        { highlightId, bannerId },
        { body: textOf(formData, Object.keys(bannerFields.shape)) },
      ),
  );
}

export async function importPage(request: Request) {
  await requireAdmin(request);
  return { columns: PRODUCT_CSV_COLUMNS };
}

export type ImportActionData = CsvImportActionData<ImportReport>;

/** Preview and import of a products CSV (csv-import.server.ts; decision 0032). */
export async function runImport(request: Request) {
  const { call } = await requireAdmin(request);
  return csvImportAction(await request.formData(), {
    maxBytes: CSV_MAX_BYTES,
    tooLarge: CSV_TOO_LARGE,
    preview: (csv) => call(gestorCatalogue.previewImport, {}, { body: { csv } }),
    run: (csv) => call(gestorCatalogue.runImport, {}, { body: { csv } }),
    done: (report) => ({
      path: GESTOR_PATHS.catalogue,
      message:
        `Importação concluída: ${counted(report.creates, "produto criado", "produtos criados")}, ` +
        `${counted(report.updates, "atualizado", "atualizados")}, ${report.unchanged} sem mudança.`,
    }),
  });
}

/** The whole catalogue as a CSV download. */
export async function exportCatalogue(request: Request) {
  await requireStaff(request, { part: "catalogue" });
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorCatalogue.exportProducts.path, {}),
    fileName: datedFileName("produtos"),
    back: GESTOR_PATHS.catalogue,
  });
}
