import type { AuthReply, Customer, CustomerReply, CustomerUpdatePayload, MessageReply, PasswordChangePayload, RegistrationPayload } from "#api/contract/accounts.ts";
import type { CartBagPayload, CartPayload, CartReply, FinishCartPayload, FinishCartReply, GuestCartMergeReply, GuestCartPayload } from "#api/contract/carts.ts";
import type { CategoriesReply, Category, CategoryProductsReply, CategoryReply, HighlightReply, HomeProductsReply, NewsletterReply, PaymentMethodsReply, ProductsReply, SeriesReply, StoreReply } from "#api/contract/catalogue.ts";
import type { ItemCouponsReply } from "#api/contract/coupons.ts";
import type { SaleBagsReply, SalesReply, BoletoReply, PublicSaleBagReply } from "#api/contract/orders.ts";
import type { CreatedStudentReply, NewStudentPayload, RemovedLinkReply, ResponsiblePayload, ResponsibleReply, StudentLinkReply, StudentsReply } from "#api/contract/students.ts";
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

export const STORE_API_UNAVAILABLE = "Não foi possível falar com a loja agora. Tente novamente em instantes.";

export interface StoreApiClientOptions {
  transport: StoreApiTransport;
  storeId: number;
  /** The shopper's address, forwarded for the API's rate limits. */
  clientAddress?: string;
  /** Bearer token of the logged-in customer. */
  token?: string;
}

const GUEST_KEY_HEADER = "x-guest-cart-key";

/** The one typed way the storefront talks to the store API (spec §7). */
export function createStoreApiClient({ transport, storeId, clientAddress, token }: StoreApiClientOptions) {
  async function call<T>(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers = new Headers({ ...extraHeaders, accept: "application/json" });
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
      throw new StoreApiError(503, STORE_API_UNAVAILABLE);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (payload as { error?: { message?: unknown } } | null)?.error?.message;
      throw new StoreApiError(response.status, typeof message === "string" ? message : STORE_API_UNAVAILABLE);
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

    // Accounts and customers (spec §7). Calls marked "bearer" need the client's token.
    // Where the spec allows a 204, a reply without a body gives undefined.

    async authCustomer(email: string, password: string): Promise<AuthReply["auth"]> {
      return (await call<AuthReply>("POST", "/accounts/auth-customer", { email, password, storeId: store })).auth;
    },

    /** Bearer. Revokes the token (not in the spec: docs/decisions/0004). */
    async logoutCustomer(): Promise<void> {
      await call<null>("POST", "/accounts/logout-customer");
    },

    async createCustomer(payload: Omit<RegistrationPayload, "storeId">): Promise<Customer | undefined> {
      return (await call<CustomerReply | null>("POST", "/customers/create-customer", { ...payload, storeId: store }))
        ?.customer;
    },

    /** Asks for a reset link; answers the same message whether or not the e-mail has an account. */
    async resetPassword(email: string): Promise<string | undefined> {
      return (await call<MessageReply | null>("POST", "/customers/reset-password", { email, storeId: store }))?.message;
    },

    /** Fails with 404 (unknown link) or 410 (expired or used); not in the spec: docs/decisions/0004. */
    async checkResetToken(token: string): Promise<void> {
      await call<unknown>("GET", `/customers/reset-password/${e(token)}`);
    },

    /** Sets the new password through a reset link; not in the spec: docs/decisions/0004. */
    async confirmResetPassword(token: string, password: string, passwordConfirmation: string): Promise<string> {
      return (
        await call<MessageReply>("PUT", `/customers/reset-password/${e(token)}`, { password, passwordConfirmation })
      ).message;
    },

    /** Bearer. The full customer for the profile form; not in the spec: docs/decisions/0004. */
    async getCustomer(customerId: string): Promise<Customer> {
      return (await call<CustomerReply>("GET", `/customers/get-customer/${e(customerId)}/store/${store}`)).customer;
    },

    /** Bearer. */
    async updateCustomer(customerId: string, payload: CustomerUpdatePayload): Promise<Customer | undefined> {
      return (
        await call<CustomerReply | null>("PUT", `/customers/update-customer/${e(customerId)}/store/${store}`, payload)
      )?.customer;
    },

    /**
     * Bearer. Every session of the customer ends; the bundled API answers a fresh
     * token to keep this one going (undefined from an API that answers without one).
     */
    async updateCustomerPassword(customerId: string, payload: PasswordChangePayload): Promise<AuthReply["auth"] | undefined> {
      return (
        await call<AuthReply | null>(
          "PUT",
          `/customers/update-customers-password/${e(customerId)}/store/${store}`,
          payload,
        )
      )?.auth;
    },

    // Orders (spec §7).

    /** Bearer. The customer's sales, newest first. */
    async listSalesByCustomer(customerId: string) {
      return (await call<SalesReply>("GET", `/sales/list-sale-by-customer-id/${e(customerId)}/store/${store}`)).sales;
    },

    /** Bearer. The bags (one per student) of one of the customer's sales; 404 for any other sale. */
    async listSaleBagsBySale(saleId: string) {
      return (await call<SaleBagsReply>("GET", `/sale-bags/list-sale-bag-by-sale-id/${e(saleId)}/store/${store}`)).saleBag;
    },

    // Students and responsibles (spec §7). All bearer.

    async listStudents(customerId: string) {
      return (await call<StudentsReply>("GET", `/students/list-students-by-customer/${e(customerId)}/store/${store}`))
        .students;
    },

    /** Links an enrolled student by RA: 404 unknown RA, 409 already linked, 429 too many tries. */
    async addStudentByRA(customerId: string, RA: string) {
      return (
        await call<StudentLinkReply>("POST", "/students/add-student-to-customer", { storeId: store, customerId, RA })
      ).student;
    },

    /** Creates a student not enrolled yet and links it; answers the student (its id for the responsible). */
    async createEmptyStudent(payload: Omit<NewStudentPayload, "storeId">) {
      return (await call<CreatedStudentReply>("POST", "/students/create-empty-student", { ...payload, storeId: store }))
        .student;
    },

    async createResponsible(payload: Omit<ResponsiblePayload, "storeId">) {
      return (
        await call<ResponsibleReply>("POST", "/responsibles/create-responsible", { ...payload, storeId: store })
      ).responsible;
    },

    /** Ends the link (not the student) and takes the student's bag out of the cart. */
    async removeStudentLink(linkId: string, studentId: string, customerId: string) {
      return (
        await call<RemovedLinkReply>(
          "POST",
          `/students/soft-delete-link-student-to-customer/${e(linkId)}/student/${e(studentId)}/customer/${e(customerId)}/store/${store}`,
        )
      ).link;
    },

    /** "Sou Aluno": the customer as a student, linked (idempotent). */
    async alreadyStudent(customerId: string) {
      return (await call<StudentLinkReply>("POST", `/students/already-student/${e(customerId)}/store/${store}`)).student;
    },

    // Cart and coupons (spec §7). All bearer; every cart call answers { cart, itemsRemoved }.

    getCart(customerId: string) {
      return call<CartReply>("GET", `/carts/list-cart-by-customer/${e(customerId)}/store/${store}`);
    },

    /**
     * Sends the whole cart; the reply replaces local state. With `version` (the cart's
     * last seen version) a change made meanwhile in another tab answers 409.
     */
    saveCart(customerId: string, bags: CartBagPayload[], version?: number, affiliateId: string | null = null) {
      const payload: CartPayload = { affiliateId, storeId: store, customerId, bags, ...(version === undefined ? {} : { version }) };
      return call<CartReply>("POST", "/carts/client-add-item-to-cart", payload);
    },

    /** The coupons this cart may use (empty for an empty cart). */
    async listCartCoupons(cartId: string) {
      return (await call<ItemCouponsReply>("GET", `/items-coupons/find-by-cart-id/${e(cartId)}/store/${store}`))
        .itemCoupons;
    },

    applyCoupon(cartId: string, code: string) {
      return call<CartReply>("PUT", "/cart-items/apply-coupon-discount-on-cart-items", { code, cartId, storeId: store });
    },

    removeCoupon(cartId: string) {
      return call<CartReply>("PUT", "/cart-items/remove-coupon-discount-in-cart-items", { cartId, storeId: store });
    },

    /** Pays the cart (spec §7); a second call for the same cart answers the first sale. */
    async finishCart(customerId: string, cartId: string, payload: FinishCartPayload) {
      return (
        await call<FinishCartReply>("PUT", `/carts/finish-cart-by-customer/${e(customerId)}/cart/${e(cartId)}/store/${store}`, payload)
      ).finished;
    },

    /** The public receipt: no token. */
    async getPublicSaleBag(saleId: string, saleBagId: string) {
      return (
        await call<PublicSaleBagReply>("GET", `/sale-bags/check-status-sale-bag/store/${store}/sale/${e(saleId)}/saleBag/${e(saleBagId)}`)
      ).saleBag;
    },

    /** The printable boleto of a sale: no token (the sale id is random). */
    async getBoleto(saleId: string) {
      return (await call<BoletoReply>("GET", `/sales/boleto/${e(saleId)}/store/${store}`)).boleto;
    },

    // A visitor's cart (spec §6; docs/decisions/0009-guest-carts.md): the session's key goes in a header.

    listGuestCart(guestKey: string) {
      return call<CartReply>("GET", `/carts/list-guest-cart/store/${store}`, undefined, { [GUEST_KEY_HEADER]: guestKey });
    },

    /** The visitor's whole cart, one bag with studentId null; `version` as for saveCart. */
    saveGuestCart(guestKey: string, bags: CartBagPayload[], version?: number) {
      const payload: GuestCartPayload = { storeId: store, bags, ...(version === undefined ? {} : { version }) };
      return call<CartReply>("POST", "/carts/guest-add-item-to-cart", payload, { [GUEST_KEY_HEADER]: guestKey });
    },

    /** At login: the visitor's cart joins the customer's (bearer); answers what moved. */
    mergeGuestCart(customerId: string, guestKey: string) {
      return call<GuestCartMergeReply>(
        "POST",
        "/carts/merge-guest-cart",
        { storeId: store, customerId },
        { [GUEST_KEY_HEADER]: guestKey },
      );
    },
  };
}

export type StoreApiClient = ReturnType<typeof createStoreApiClient>;
