/**
 * Spec §7 catalogue calls: categories, products, highlights, series (serie-totvs), the
 * store, newsletters and payment methods. Field names verbatim; money in reais.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { integerId, paymentMethodCode, slugField, storeIdField, storeIdOfPath, uuidParam } from "./fields.ts";

export const HOME_LIMIT_MAX = 15;
/** The most products one page of list-product-page-by-category-slug may ask for. */
export const PRODUCT_PAGE_MAX = 60;
/** Categories one home products call takes: the most sections the home can have. */
export const HOME_CATEGORIES_MAX = 20;

/** A category's section on the home page: its place (from 1), heading and menu label. */
const homeSection = z.object({ position: z.number(), heading: z.string(), menuLabel: z.string() });
export type HomeSection = z.infer<typeof homeSection>;

const category = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(["enabled", "disabled"]),
  visible: z.boolean(),
  // Beyond spec §7, edited in the gestor's Catálogo (docs/decisions/0032): optional, so a
  // school's API without them still parses (0026); the shop then keys icons and the home's
  // sections by slug, as spec §9 does. null: no icon of its own / not on the home.
  icon: z.string().nullable().optional(),
  homeSection: homeSection.nullable().optional(),
});
export type Category = z.infer<typeof category>;

const paymentPlan = z.object({
  maxInstallments: z.number(),
  turnYear: z.boolean(),
  schoolYear: z.number(),
});
export type PaymentPlan = z.infer<typeof paymentPlan>;

/** Spec §3 item fields, on a product and on a cart line alike. */
export const itemFields = {
  /** List price. */
  PRECO: z.number(),
  /** Selling price after discount (a coupon applies to the cart's total, not here). */
  DESCONTO: z.number(),
  /** S service (course or event), M manual product, others physical products. */
  TIPO: z.string(),
  NOME: z.string(),
  TURNO: z.string().nullable(),
  PARCELAS: z.number(),
  /** The school unit that sells it. */
  CODCOLIGADA: z.string(),
  paymentPlan,
};

/** Below this many pieces left the product page says how many (issue 28); above, only "available". */
export const STOCK_COUNT_SHOWN_AT_MOST = 10;

/**
 * What can still be bought of an item (issue 28, docs/decisions/0066): "untracked" sells as
 * ever (no stock kept: digital material, fees); "available" with `left` only when it is
 * STOCK_COUNT_SHOWN_AT_MOST or fewer; "soldOut" cannot be bought.
 */
const stockState = z.discriminatedUnion("status", [
  z.object({ status: z.literal("untracked") }),
  z.object({ status: z.literal("available"), left: z.number().nullable() }),
  z.object({ status: z.literal("soldOut") }),
]);
export type StockState = z.infer<typeof stockState>;

/** One option of a product ("M" of "Tamanho"), bought under its own item code (decision 0066). */
const productVariant = z.object({
  itemTOTVSId: z.number(),
  value: z.string(),
  /** Its own PRECO and DESCONTO; absent: the product's. */
  PRECO: z.number().optional(),
  DESCONTO: z.number().optional(),
  /** Only in the product page's reply (getProductBySlug), read fresh there: decision 0066. */
  stock: stockState.optional(),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** The measurements table the product page shows as "Tabela de medidas". */
const sizeChart = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });
export type SizeChart = z.infer<typeof sizeChart>;

const product = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  itemTOTVS: z.number(),
  categoryId: z.string(),
  category: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
  ...itemFields,
  seriesTOTVSID: z.array(z.number()),
  createdAt: z.string(),
  // Beyond spec §7 (issue 28, docs/decisions/0066), all optional: a school's API without them
  // sells every product by its own item code, as before.
  /** What the variants differ by ("Tamanho"); null or absent: no variants. */
  optionName: z.string().nullable().optional(),
  /** The active variants, in the gestor's order; a product with any is bought as one of them. */
  variants: z.array(productVariant).optional(),
  sizeChart: sizeChart.nullable().optional(),
  /** The product's own stock (no variants); only in getProductBySlug's reply, like a variant's. */
  stock: stockState.optional(),
  /** A course's or event's seats (TIPO S with a capacity); only in getProductBySlug's reply. */
  seats: z.object({ capacity: z.number(), available: z.number() }).nullable().optional(),
});
export type Product = z.infer<typeof product>;

const homeCategory = z.object({ id: z.string(), title: z.string(), slug: z.string(), products: z.array(product) });
export type HomeCategory = z.infer<typeof homeCategory>;

const highlightBanner = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
});
export type HighlightBanner = z.infer<typeof highlightBanner>;

const highlight = z.object({ id: z.number(), title: z.string(), banners: z.array(highlightBanner) });
export type Highlight = z.infer<typeof highlight>;

const serie = z.object({
  id: z.number(),
  CURSO: z.string(),
  HABILITACAO: z.string(),
  codgrade: z.string(),
  CODPERLET: z.string(),
});
export type Serie = z.infer<typeof serie>;

const store = z.object({
  id: z.number(),
  name: z.string(),
  legalName: z.string(),
  cnpj: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  termsContracts: z.string(),
});
export type Store = z.infer<typeof store>;

/** A unit of the school network (CODCOLIGADA) as the store shows it (spec §9). */
const schoolUnit = z.object({
  CODCOLIGADA: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  /** When orders can be picked up ("Seg. a sex., 7h às 17h"); null: not informed. */
  pickupHours: z.string().nullable(),
  /** false: no longer offered, kept so old orders and products still name their unit. */
  active: z.boolean(),
});
export type SchoolUnitReply = z.infer<typeof schoolUnit>;

const paymentMethod = z.object({ id: z.number(), code: paymentMethodCode, name: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethod>;

const newsletter = z.object({ id: z.string(), email: z.string() });
export type Newsletter = z.infer<typeof newsletter>;

const categoriesReply = z.object({ categories: z.array(category) });
const categoryReply = z.object({ category });
const productsReply = z.object({ products: z.array(product) });
const categoryProductsReply = z.object({ category, products: z.array(product) });
/** One page of a category's products, and how many it has in all (docs/decisions/0038). */
const categoryProductPageReply = z.object({ category, products: z.array(product), total: z.number() });
/** null: the category exists but has no shoppable product with that slug. */
const productBySlugReply = z.object({ product: product.nullable() });
const homeProductsReply = z.object({ categories: z.array(homeCategory) });
const highlightReply = z.object({ highlight });
const seriesReply = z.object({ series: z.array(serie) });
const storeReply = z.object({ store });
const unitsReply = z.object({ units: z.array(schoolUnit) });
const paymentMethodsReply = z.object({ paymentMethods: z.array(paymentMethod) });
const newsletterReply = z.object({ newsletter });
export type CategoriesReply = z.infer<typeof categoriesReply>;
export type CategoryReply = z.infer<typeof categoryReply>;
export type ProductsReply = z.infer<typeof productsReply>;
export type CategoryProductsReply = z.infer<typeof categoryProductsReply>;
export type CategoryProductPageReply = z.infer<typeof categoryProductPageReply>;
export type ProductBySlugReply = z.infer<typeof productBySlugReply>;
export type HomeProductsReply = z.infer<typeof homeProductsReply>;
export type HighlightReply = z.infer<typeof highlightReply>;
export type SeriesReply = z.infer<typeof seriesReply>;
export type StoreReply = z.infer<typeof storeReply>;
export type UnitsReply = z.infer<typeof unitsReply>;
export type PaymentMethodsReply = z.infer<typeof paymentMethodsReply>;
export type NewsletterReply = z.infer<typeof newsletterReply>;

/** CODPERLET, a school period as the school's ERP codes it: the year followed by 00 (spec §7). */
export const periodCodeField = z
  .string({ message: "Informe o período letivo (CODPERLET)." })
  .trim()
  .min(1, { message: "Informe o período letivo (CODPERLET)." })
  .regex(/^\d{4}00$/, { message: "Período letivo inválido: use o ano seguido de 00, como 202600." });

const SERIES_LIST_INVALID = "seriesTOTVSID deve ser uma lista de séries.";
const seriesIdList = z
  .array(integerId(SERIES_LIST_INVALID), { message: SERIES_LIST_INVALID })
  .max(100, { message: "Selecione no máximo 100 séries." });

/** A category's slug in the path, and the store's id. */
const slugPath = z.object({ slug: slugField, storeId: storeIdField });

const homeLimitMessage = "O limite deve ser de 1 a 15 produtos.";

export const catalogue = {
  /** The client sends field=visible&filter=enabled and drops disabled ones (spec §7). */
  listCategories: endpoint({
    method: "GET",
    path: "/categories/list-category-by-store-id/:storeId",
    params: storeIdOfPath,
    cacheable: true,
    query: z.object({
      field: z.enum(["visible", "all"], { message: "Parâmetro field inválido: use visible." }).optional(),
      filter: z.enum(["enabled", "all"], { message: "Parâmetro filter inválido: use enabled." }).optional(),
    }),
    reply: categoriesReply,
  }),
  getCategoryById: endpoint({
    method: "GET",
    path: "/categories/list-category-by-id-and-store-id/:id/store/:storeId",
    params: z.object({ id: uuidParam("Identificador de categoria inválido."), storeId: storeIdField }),
    cacheable: true,
    reply: categoryReply,
  }),
  listProductsByCategorySlug: endpoint({
    method: "POST",
    path: "/products/list-product-by-category-slug/:slug/store/:storeId/visible/enabled",
    params: slugPath,
    cacheable: true,
    body: z.object({ seriesTOTVSID: z.union([seriesIdList, z.null()]).optional() }),
    reply: categoryProductsReply,
  }),
  /**
   * Beyond spec §7 (docs/decisions/0038): one page of list-product-by-category-slug, in the same
   * order, paged by the database; a catalogue of thousands no longer travels whole to show nine.
   */
  listProductPageByCategorySlug: endpoint({
    extension: true,
    method: "POST",
    path: "/products/list-product-page-by-category-slug/:slug/store/:storeId/visible/enabled",
    params: slugPath,
    cacheable: true,
    body: z.object({
      page: z.coerce
        .number<number>()
        .int({ message: "A página deve ser um número inteiro." })
        .min(1, { message: "A página deve ser 1 ou mais." })
        .max(100_000, { message: "Página muito alta." }),
      pageSize: z.coerce
        .number<number>()
        .int({ message: "O tamanho da página deve ser um número inteiro." })
        .min(1, { message: `O tamanho da página deve ser de 1 a ${PRODUCT_PAGE_MAX}.` })
        .max(PRODUCT_PAGE_MAX, { message: `O tamanho da página deve ser de 1 a ${PRODUCT_PAGE_MAX}.` }),
    }),
    reply: categoryProductPageReply,
  }),
  /**
   * Beyond spec §7 (docs/decisions/0038): the product page's product, without its whole category.
   * It carries the stock of the product and its variants and a course's free seats, read at the
   * request (docs/decisions/0066): never kept by a cache.
   */
  getProductBySlug: endpoint({
    extension: true,
    method: "GET",
    path: "/products/get-product-by-slug/:slug/category/:categorySlug/store/:storeId/visible/enabled",
    params: z.object({ slug: slugField, categorySlug: slugField, storeId: storeIdField }),
    reply: productBySlugReply,
  }),
  listProductsBySeries: endpoint({
    method: "POST",
    path: "/products/list-product-by-serie-totvs-id/:storeId/visible/enabled",
    params: storeIdOfPath,
    cacheable: true,
    body: z.object({ seriesTOTVSID: seriesIdList.min(1, { message: "Informe ao menos uma série." }) }),
    reply: productsReply,
  }),
  listHomeProducts: endpoint({
    method: "POST",
    path: "/products/list-products-in-home/store/:storeId/visible/enabled",
    params: storeIdOfPath,
    cacheable: true,
    body: z.object({
      categories: z
        .array(
          z.object({
            slug: slugField,
            limit: z.coerce
              .number<number>()
              .int({ message: "O limite deve ser um número inteiro." })
              .min(1, { message: homeLimitMessage })
              .max(HOME_LIMIT_MAX, { message: homeLimitMessage })
              .default(HOME_LIMIT_MAX),
          }),
          { message: "Informe as categorias da home." },
        )
        .min(1, { message: "Informe as categorias da home." })
        .max(HOME_CATEGORIES_MAX, { message: `Informe no máximo ${HOME_CATEGORIES_MAX} categorias.` }),
    }),
    reply: homeProductsReply,
  }),
  searchProducts: endpoint({
    method: "GET",
    path: "/products/search-products-by-title/store/:storeId/visible/enabled",
    params: storeIdOfPath,
    cacheable: true,
    query: z.object({
      title: z
        .string({ message: "Informe o termo de busca." })
        .trim()
        .min(1, { message: "Informe o termo de busca." })
        .max(100, { message: "O termo de busca deve ter no máximo 100 caracteres." }),
    }),
    reply: productsReply,
  }),
  getHighlight: endpoint({
    method: "GET",
    path: "/highlights/list-highlight-by-id/:id/store/:storeId/visible/enabled",
    params: z.object({ id: integerId("Identificador de destaque inválido."), storeId: storeIdField }),
    cacheable: true,
    reply: highlightReply,
  }),
  /** CODPERLET: the current year followed by 00 (spec §7). */
  listSeries: endpoint({
    method: "GET",
    path: "/serie-totvs/list-serie-totvs-by-store-id/:storeId",
    params: storeIdOfPath,
    cacheable: true,
    query: z.object({ CODPERLET: periodCodeField }),
    reply: seriesReply,
  }),
  /**
   * Beyond spec §7 (issue 27): the store's units, active or not, in the network's order. A
   * code none of them has shows spec §9's fallback (unitFrom in core/school-units.ts).
   */
  listUnits: endpoint({
    extension: true,
    method: "GET",
    path: "/units/list-units-by-store-id/:storeId",
    params: storeIdOfPath,
    cacheable: true,
    reply: unitsReply,
  }),
  getStore: endpoint({
    method: "GET",
    path: "/stores/list-store-by-store-id/:storeId",
    params: storeIdOfPath,
    cacheable: true,
    reply: storeReply,
  }),
  createNewsletter: endpoint({
    method: "POST",
    path: "/newsletters/create-newsletter",
    body: z.object({
      storeId: storeIdField,
      email: z
        .string({ message: "Informe o e-mail." })
        .trim()
        .toLowerCase()
        .min(1, { message: "Informe o e-mail." })
        .max(254, { message: "E-mail muito longo." })
        .email({ message: "E-mail inválido." }),
    }),
    reply: newsletterReply,
  }),
  listPaymentMethods: endpoint({
    method: "GET",
    path: "/payment-methods/list-payment-methods",
    cacheable: true,
    reply: paymentMethodsReply,
  }),
};
