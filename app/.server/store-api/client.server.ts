import type {
  CategoriesReply,
  Category,
  CategoryProductsReply,
  CategoryReply,
  HighlightReply,
  HomeProductsReply,
  NewsletterReply,
  PaymentMethodsReply,
  ProductsReply,
  SeriesReply,
  StoreReply,
} from "#api/contract.ts";
import type { StoreApiTransport } from "./transport.server.ts";

/** A reply of the store API other than 2xx, with its error.message. */
export class StoreApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "StoreApiError";
  }
}

const UNAVAILABLE = "Não foi possível falar com a loja agora. Tente novamente em instantes.";

export interface StoreApiClientOptions {
  transport: StoreApiTransport;
  storeId: number;
  /** The shopper's address, forwarded for the API's rate limits. */
  clientAddress?: string;
  /** Bearer token of the logged-in customer. */
  token?: string;
}

/** The one typed way the storefront talks to the store API (spec §7). */
export function createStoreApiClient({ transport, storeId, clientAddress, token }: StoreApiClientOptions) {
  async function call<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
    const headers = new Headers({ accept: "application/json" });
    if (body !== undefined) headers.set("content-type", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (clientAddress) headers.set("x-forwarded-for", clientAddress);
    let response: Response;
    try {
      response = await transport(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      console.error("[store-api] falha de rede", method, path, error);
      throw new StoreApiError(503, UNAVAILABLE);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (payload as { error?: { message?: unknown } } | null)?.error?.message;
      throw new StoreApiError(response.status, typeof message === "string" ? message : UNAVAILABLE);
    }
    return payload as T;
  }

  const store = storeId;
  const e = encodeURIComponent;

  return {
    storeId,

    async listCategories(): Promise<Category[]> {
      const { categories } = await call<CategoriesReply>(
        "GET",
        `/categories/list-category-by-store-id/${store}?field=visible&filter=enabled`,
      );
      return categories.filter((category) => category.status !== "disabled");
    },

    async getCategoryById(id: string) {
      return (await call<CategoryReply>("GET", `/categories/list-category-by-id-and-store-id/${e(id)}/store/${store}`))
        .category;
    },

    listProductsByCategorySlug(slug: string, seriesTOTVSID: number[] = []) {
      return call<CategoryProductsReply>(
        "POST",
        `/products/list-product-by-category-slug/${e(slug)}/store/${store}/visible/enabled`,
        { seriesTOTVSID },
      );
    },

    async listProductsBySeries(seriesTOTVSID: number[]) {
      return (
        await call<ProductsReply>("POST", `/products/list-product-by-serie-totvs-id/${store}/visible/enabled`, {
          seriesTOTVSID,
        })
      ).products;
    },

    async listHomeProducts(categories: { slug: string; limit: number }[]) {
      return (
        await call<HomeProductsReply>("POST", `/products/list-products-in-home/store/${store}/visible/enabled`, {
          categories,
        })
      ).categories;
    },

    async getHighlight(id: number) {
      return (await call<HighlightReply>("GET", `/highlights/list-highlight-by-id/${id}/store/${store}/visible/enabled`))
        .highlight;
    },

    async searchProducts(title: string) {
      return (
        await call<ProductsReply>(
          "GET",
          `/products/search-products-by-title/store/${store}/visible/enabled?title=${e(title)}`,
        )
      ).products;
    },

    /** Grades of the current school period (CODPERLET = year + "00"). */
    async listSeries(now = new Date()) {
      return (
        await call<SeriesReply>("GET", `/serie-totvs/list-serie-totvs-by-store-id/${store}?CODPERLET=${now.getFullYear()}00`)
      ).series;
    },

    async getStore() {
      return (await call<StoreReply>("GET", `/stores/list-store-by-store-id/${store}`)).store;
    },

    async createNewsletter(email: string) {
      return (await call<NewsletterReply>("POST", "/newsletters/create-newsletter", { storeId: store, email })).newsletter;
    },

    async listPaymentMethods() {
      return (await call<PaymentMethodsReply>("GET", "/payment-methods/list-payment-methods")).paymentMethods;
    },
  };
}

export type StoreApiClient = ReturnType<typeof createStoreApiClient>;
