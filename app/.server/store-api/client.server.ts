import {
  accounts,
  type AuthReply,
  type Customer,
  type CustomerUpdatePayload,
  type PasswordChangePayload,
  type RegistrationPayload,
} from "#api/contract/accounts.ts";
import {
  carts,
  type CartBagPayload,
  type CartPayload,
  type FinishCartPayload,
  type GuestCartPayload,
  itemSoldOutReply,
  type RemovedCartItem,
  type SoldOutItem,
} from "#api/contract/carts.ts";
import { catalogue, type Category } from "#api/contract/catalogue.ts";
import { extensionCalls, type ExtensionCall } from "#api/contract/index.ts";
import { coupons } from "#api/contract/coupons.ts";
import {
  apiErrorBody,
  buildPath,
  type Endpoint,
  type PathParams,
  type PayloadOf,
  type QueryOf,
  type ReplyOf,
} from "#api/contract/endpoint.ts";
import { orders, type SaleBagItem } from "#api/contract/orders.ts";
import { privacy } from "#api/contract/privacy.ts";
import { students, type NewStudentPayload, type ResponsiblePayload, type StudentLink } from "#api/contract/students.ts";
import { stockAlerts, type CreateStockAlertPayload } from "#api/contract/stock-alerts.ts";
import { pickupPeople, type PickupPersonFields } from "#api/contract/pickup-people.ts";
import { messages, type WhatsappConsentSource } from "#api/contract/messages.ts";
import { support } from "#api/contract/support.ts";
import { waitingList, type JoinWaitingListPayload } from "#api/contract/waiting-list.ts";
import { materialLists, type TickedListLine } from "#api/contract/material-lists.ts";
import type { SupportTicket } from "#core/validation/support-fields.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { lacksGradeNames, namedSchoolYears } from "#core/school-years.ts";
import type { StoreApiTransport } from "./transport.server.ts";
import { ALL_EXTENSIONS, type ExtensionSet } from "./extensions.server.ts";
import type { CatalogueReads } from "./catalogue-reads.server.ts";
import { getEnv } from "../env.server.ts";

/**
 * A reply of the store API other than 2xx, with its error.message; `soldOut`, finish-cart's lines
 * short of stock or seats (409 ITEM_SOLD_OUT, issue 28), empty for any other refusal.
 */
export class StoreApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly soldOut: readonly SoldOutItem[] = [],
  ) {
    super(message);
    this.name = "StoreApiError";
  }
}

export const STORE_API_UNAVAILABLE = "Não foi possível falar com a loja agora. Tente novamente em instantes.";

/**
 * A call beyond spec §7 that the store API does not serve (docs/decisions/0026): never sent.
 * A 404 like any the API answers, so a caller's fallback covers both.
 */
export class StoreApiCallUnavailable extends StoreApiError {
  constructor(readonly call: ExtensionCall) {
    super(404, STORE_API_UNAVAILABLE);
    this.name = "StoreApiCallUnavailable";
  }
}

/**
 * A call beyond §7 failed because the store API lacks it: not served (decided at start), or
 * answered 404, 405 or 501 at run time. The caller then does what §7 allows (0026).
 */
export function callUnavailable(error: unknown): error is StoreApiError {
  return error instanceof StoreApiError && [404, 405, 501].includes(error.status);
}

const extensionNames = new Map([...extensionCalls].map(([name, declared]) => [declared as Endpoint, name]));

export interface StoreApiClientOptions {
  transport: StoreApiTransport;
  storeId: number;
  /** The shopper's address, forwarded for the API's rate limits. */
  clientAddress?: string;
  /** Bearer token of the logged-in customer. */
  token?: string;
  /** Called when the API refuses the token (401): spec §8 ends the session, in one place. */
  onUnauthorized?: () => Promise<never>;
  /** The calls beyond spec §7 the API serves (extensions.server.ts); all by default, as the bundled API. */
  extensions?: ExtensionSet;
  /**
   * Called with the itemsRemoved of every cart reply that has some (spec §8), whichever call
   * it was: spec §7's API may report a removal once, so no reply may drop it (docs/decisions/0007).
   */
  onItemsRemoved?: (items: readonly RemovedCartItem[]) => void;
  /** Catalogue reads kept across requests (catalogue-reads.server.ts); none unless given. */
  catalogueReads?: CatalogueReads;
}

const GUEST_KEY_HEADER = "x-guest-cart-key";

interface CallInit<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: PayloadOf<E>;
  headers?: Record<string, string>;
}

/** What a call gives: its checked reply; null for a 204, or where the contract allows an empty 2xx. */
type Reply<E extends Endpoint> = E["reply"] extends null
  ? null
  : E["mayBeEmpty"] extends true
    ? ReplyOf<E> | null
    : ReplyOf<E>;

/**
 * A link the store API built on the store's own address (the bundled API's boleto page)
 * becomes a path, so pages work at whatever address the shopper used, PUBLIC_URL set or not;
 * a link elsewhere (another API's boleto) stays whole. E-mails keep PUBLIC_URL's absolute links.
 */
function onThisSite(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  return url.origin === new URL(getEnv().publicUrl).origin ? `${url.pathname}${url.search}${url.hash}` : link;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The store API's own message for a refusal, or the generic one. */
function refusal(status: number, payload: unknown): StoreApiError {
  const body = apiErrorBody.safeParse(payload);
  const soldOut = status === 409 ? itemSoldOutReply.safeParse(payload) : null;
  return new StoreApiError(
    status,
    body.success ? body.data.error.message : STORE_API_UNAVAILABLE,
    soldOut?.success ? soldOut.data.error.items : [],
  );
}

/**
 * Sends one call of api/contract and checks its reply: the one way the storefront and the
 * gestor area (app/features/gestor) talk to the store API.
 */
export function createApiCaller({
  transport,
  clientAddress,
  token,
  onUnauthorized,
  extensions = ALL_EXTENSIONS,
  onItemsRemoved,
  catalogueReads,
}: Omit<StoreApiClientOptions, "storeId">) {
  async function call<E extends Endpoint>(
    endpoint: E,
    params: PathParams<E["path"]>,
    { query, body, headers: extraHeaders = {} }: CallInit<E> = {},
  ): Promise<Reply<E>> {
    const extension = extensionNames.get(endpoint);
    if (extension && !extensions.has(extension)) throw new StoreApiCallUnavailable(extension);
    const { method } = endpoint;
    const path = buildPath(endpoint.path, params, query as Record<string, string | number | undefined> | undefined);
    const json = body === undefined ? undefined : JSON.stringify(body);
    const readKey = catalogueReads?.keyOf(endpoint, path, json);
    if (readKey) {
      const reply = await catalogueReads?.kept(readKey);
      if (reply !== undefined) return reply as Reply<E>;
    }
    const headers = new Headers({ ...extraHeaders, accept: "application/json" });
    if (body !== undefined) headers.set("content-type", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (clientAddress) headers.set("x-forwarded-for", clientAddress);
    let response: Response;
    try {
      response = await transport(path, {
        method,
        headers,
        body: json,
      });
    } catch (error) {
      // The pattern, not the concrete path: a path may carry a token (a seat offer's, a reset's).
      console.error("[store-api] falha de rede", method, endpoint.path, error);
      throw new StoreApiError(503, STORE_API_UNAVAILABLE);
    }
    const text = await response.text().catch(() => "");
    const payload: unknown = parseJson(text);
    if (!response.ok) {
      // Spec §8: a 401 on an authenticated call ends the session, here and nowhere else.
      if (response.status === 401 && onUnauthorized) await onUnauthorized();
      throw refusal(response.status, payload);
    }
    if (endpoint.reply === null || (payload === null && endpoint.mayBeEmpty)) return null as Reply<E>;
    const checked = endpoint.reply.safeParse(payload);
    if (!checked.success) {
      // The pattern, not the concrete path, and never the body: both may carry personal data.
      const issue = checked.error.issues[0];
      console.error(
        "[store-api] resposta fora do contrato",
        method,
        endpoint.path,
        `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`,
      );
      throw new StoreApiError(502, STORE_API_UNAVAILABLE);
    }
    if (readKey) await catalogueReads?.keep(readKey, checked.data, text.length);
    const removed = (checked.data as { itemsRemoved?: unknown }).itemsRemoved;
    if (onItemsRemoved && Array.isArray(removed) && removed.length > 0) onItemsRemoved(removed as RemovedCartItem[]);
    return checked.data as Reply<E>;
  }
  return call;
}

/** A bag as spec §7 tells it: its lines without their delivery (issue 30). */
function withoutDelivery<Bag extends { items: SaleBagItem[] }>(bag: Bag): Bag {
  return { ...bag, items: bag.items.map(({ delivery: _delivery, ...item }) => item) };
}

/** The one typed way the storefront talks to the store API (spec §7, api/contract). */
export function createStoreApiClient({ storeId, ...options }: StoreApiClientOptions) {
  const call = createApiCaller(options);
  const extensions = options.extensions ?? ALL_EXTENSIONS;
  const store = storeId;

  /** Grades of the current school period (CODPERLET = year + "00"). */
  const listSeries = async (now = new Date()) =>
    (await call(catalogue.listSeries, { storeId: store }, { query: { CODPERLET: currentPeriodCode(now) } })).series;

  /**
   * A school's own API may give an enrolment's codgrade without the grade's names (the fields
   * are optional, docs/decisions/0026): they come from the series call, a kept read. A series
   * failure leaves the names out (the card shows no grade line), not the students.
   */
  async function withGradeNames<Link extends StudentLink>(links: Link[]): Promise<Link[]> {
    if (!links.some((link) => lacksGradeNames(link.student.schoolYears))) return links;
    const series = await listSeries().catch((error: unknown) => {
      console.error("[estudantes] séries indisponíveis para os nomes das séries", error);
      return [];
    });
    return links.map((link) => ({
      ...link,
      student: { ...link.student, schoolYears: namedSchoolYears(link.student.schoolYears, series) },
    }));
  }

  /**
   * Delivery's fields (the pickup code, a line's state) count with its calls (decision 0076): a
   * school API without "Quem pode retirar" shows no code and no states, as spec §7 offers.
   */
  const delivers = () => extensions.has("listPickupPeople");

  return {
    storeId,

    /** Whether the store API serves this call beyond spec §7 (docs/decisions/0026). */
    supports(name: ExtensionCall): boolean {
      return extensions.has(name);
    },

    async listCategories(): Promise<Category[]> {
      const { categories } = await call(
        catalogue.listCategories,
        { storeId: store },
        { query: { field: "visible", filter: "enabled" } },
      );
      return categories.filter((category) => category.status !== "disabled");
    },

    async getCategoryById(id: string) {
      return (await call(catalogue.getCategoryById, { id, storeId: store })).category;
    },

    listProductsByCategorySlug(slug: string, seriesTOTVSID: number[] = []) {
      return call(catalogue.listProductsByCategorySlug, { slug, storeId: store }, { body: { seriesTOTVSID } });
    },

    /** One page of the category (beyond §7, docs/decisions/0038): ask supports() first. */
    listProductPageByCategorySlug(slug: string, page: number, pageSize: number) {
      return call(catalogue.listProductPageByCategorySlug, { slug, storeId: store }, { body: { page, pageSize } });
    },

    /** The product with this slug in the category, or null (beyond §7, 0038): ask supports() first. */
    async getProductBySlug(categorySlug: string, slug: string) {
      return (await call(catalogue.getProductBySlug, { slug, categorySlug, storeId: store })).product;
    },

    async listProductsBySeries(seriesTOTVSID: number[]) {
      return (await call(catalogue.listProductsBySeries, { storeId: store }, { body: { seriesTOTVSID } })).products;
    },

    async listHomeProducts(categories: { slug: string; limit: number }[]) {
      return (await call(catalogue.listHomeProducts, { storeId: store }, { body: { categories } })).categories;
    },

    async getHighlight(id: number) {
      return (await call(catalogue.getHighlight, { id, storeId: store })).highlight;
    },

    async searchProducts(title: string) {
      return (await call(catalogue.searchProducts, { storeId: store }, { query: { title } })).products;
    },

    listSeries,

    /**
     * The network's units, inactive ones marked, in its order (beyond §7, issue 27): ask
     * supports() first. The code under its spec name, CODCOLIGADA, becomes `code`, as core's SchoolUnit.
     */
    async listUnits() {
      const { units } = await call(catalogue.listUnits, { storeId: store });
      return units.map(({ CODCOLIGADA, ...unit }) => ({ code: CODCOLIGADA, ...unit }));
    },

    async getStore() {
      return (await call(catalogue.getStore, { storeId: store })).store;
    },

    async createNewsletter(email: string) {
      return (await call(catalogue.createNewsletter, {}, { body: { storeId: store, email } })).newsletter;
    },

    async listPaymentMethods() {
      return (await call(catalogue.listPaymentMethods, {})).paymentMethods;
    },

    // Accounts and customers (spec §7). Calls marked "bearer" need the client's token.
    // Where the spec allows a 204, a reply without a body gives undefined.

    async authCustomer(email: string, password: string): Promise<AuthReply["auth"]> {
      return (await call(accounts.authCustomer, {}, { body: { email, password, storeId: store } })).auth;
    },

    /** Bearer. Revokes the token (not in the spec: docs/decisions/0004). */
    async logoutCustomer(): Promise<void> {
      await call(accounts.logoutCustomer, {});
    },

    async createCustomer(payload: Omit<RegistrationPayload, "storeId">): Promise<Customer | undefined> {
      return (await call(accounts.createCustomer, {}, { body: { ...payload, storeId: store } }))?.customer;
    },

    /** Asks for a reset link; answers the same message whether or not the e-mail has an account. */
    async resetPassword(email: string): Promise<string | undefined> {
      return (await call(accounts.resetPassword, {}, { body: { email, storeId: store } }))?.message;
    },

    /** Fails with 404 (unknown link) or 410 (expired or used); not in the spec: docs/decisions/0004. */
    async checkResetToken(token: string): Promise<void> {
      await call(accounts.checkResetToken, { token });
    },

    /** Sets the new password through a reset link; not in the spec: docs/decisions/0004. */
    async confirmResetPassword(token: string, password: string, passwordConfirmation: string): Promise<string> {
      return (await call(accounts.confirmResetPassword, { token }, { body: { password, passwordConfirmation } }))
        .message;
    },

    /** Bearer. The full customer for the profile form; not in the spec: docs/decisions/0004. */
    async getCustomer(customerId: string): Promise<Customer> {
      return (await call(accounts.getCustomer, { customerId, storeId: store })).customer;
    },

    /** Bearer. */
    async updateCustomer(customerId: string, payload: CustomerUpdatePayload): Promise<Customer | undefined> {
      return (await call(accounts.updateCustomer, { customerId, storeId: store }, { body: payload }))?.customer;
    },

    /**
     * Bearer. Every session of the customer ends; the bundled API answers a fresh
     * token to keep this one going (undefined from an API that answers without one).
     */
    async updateCustomerPassword(
      customerId: string,
      payload: PasswordChangePayload,
    ): Promise<AuthReply["auth"] | undefined> {
      return (await call(accounts.updateCustomerPassword, { customerId, storeId: store }, { body: payload }))?.auth;
    },

    /** Bearer. Everything the store keeps about the customer; not in the spec: docs/decisions/0016. */
    async exportCustomerData(customerId: string) {
      return (await call(privacy.exportCustomerData, { customerId, storeId: store })).customerData;
    },

    /** Bearer. Deletes the account if the password is right (400 otherwise); not in the spec: docs/decisions/0016. */
    async deleteCustomer(customerId: string, password: string): Promise<void> {
      await call(privacy.deleteCustomer, { customerId, storeId: store }, { body: { password } });
    },

    // Orders (spec §7).

    /** Bearer. The customer's sales, newest first. */
    async listSalesByCustomer(customerId: string) {
      const { sales } = await call(orders.listSalesByCustomer, { customerId, storeId: store });
      return sales.map(({ pickupCode, ...sale }) => ({
        ...sale,
        ...(delivers() ? { pickupCode } : {}),
        boletoLink: sale.boletoLink && onThisSite(sale.boletoLink),
      }));
    },

    /** Bearer. The bags (one per student) of one of the customer's sales; 404 for any other sale. */
    async listSaleBagsBySale(saleId: string) {
      const { saleBag } = await call(orders.listSaleBagsBySale, { saleId, storeId: store });
      return delivers() ? saleBag : saleBag.map(withoutDelivery);
    },

    // Students and responsibles (spec §7). All bearer.

    /** The customer's linked students, each enrolment with its grade's names (withGradeNames). */
    async listStudents(customerId: string) {
      return withGradeNames((await call(students.listStudents, { customerId, storeId: store })).students);
    },

    /**
     * Links an enrolled student by RA and birth date, with the adult's consent (docs/decisions/0013;
     * a store API without them ignores both): 404 no match, 409 already linked, 429 too many failures.
     */
    async addStudentByRA(payload: Omit<PayloadOf<typeof students.addStudentByRA>, "storeId">) {
      return (await call(students.addStudentByRA, {}, { body: { ...payload, storeId: store } })).student;
    },

    /** Creates a student not enrolled yet and links it; answers the student (its id for the responsible). */
    async createEmptyStudent(payload: Omit<NewStudentPayload, "storeId">) {
      return (await call(students.createEmptyStudent, {}, { body: { ...payload, storeId: store } })).student;
    },

    async createResponsible(payload: Omit<ResponsiblePayload, "storeId">) {
      return (await call(students.createResponsible, {}, { body: { ...payload, storeId: store } })).responsible;
    },

    /** Ends the link (not the student) and takes the student's bag out of the cart. */
    async removeStudentLink(linkId: string, studentId: string, customerId: string) {
      return (await call(students.removeStudentLink, { linkId, studentId, customerId, storeId: store })).link;
    },

    /** "Sou Aluno": the customer as a student, linked (idempotent). */
    async alreadyStudent(customerId: string) {
      return (await call(students.alreadyStudent, { customerId, storeId: store })).student;
    },

    // Cart and coupons (spec §7). All bearer; every cart call answers { cart, itemsRemoved }.

    getCart(customerId: string) {
      return call(carts.getCart, { customerId, storeId: store });
    },

    /**
     * Sends the whole cart; the reply replaces local state. With `version` (the cart's
     * last seen version) a change made meanwhile in another tab answers 409.
     */
    saveCart(customerId: string, bags: CartBagPayload[], version?: number, affiliateId: string | null = null) {
      const payload: CartPayload = {
        affiliateId,
        storeId: store,
        customerId,
        bags,
        ...(version === undefined ? {} : { version }),
      };
      return call(carts.saveCart, {}, { body: payload });
    },

    /** The coupons this cart may use (empty for an empty cart). */
    async listCartCoupons(cartId: string) {
      return (await call(coupons.listCartCoupons, { cartId, storeId: store })).itemCoupons;
    },

    applyCoupon(cartId: string, code: string) {
      return call(coupons.applyCoupon, {}, { body: { code, cartId, storeId: store } });
    },

    removeCoupon(cartId: string) {
      return call(coupons.removeCoupon, {}, { body: { cartId, storeId: store } });
    },

    /**
     * The customer saw the notice of these removals (beyond spec §7, docs/decisions/0007): the
     * bundled API stops listing them. Spec §7's API answers 404: it reported them once already.
     */
    async acknowledgeRemovedItems(customerId: string, removalIds: string[]) {
      return (await call(carts.acknowledgeRemovedItems, {}, { body: { storeId: store, customerId, removalIds } }))
        .acknowledged;
    },

    /** Pays the cart (spec §7); a second call for the same cart answers the first sale. */
    async finishCart(customerId: string, cartId: string, payload: FinishCartPayload) {
      return (await call(carts.finishCart, { customerId, cartId, storeId: store }, { body: payload })).finished;
    },

    /** The public receipt: no token. */
    async getPublicSaleBag(saleId: string, saleBagId: string) {
      const { saleBag } = await call(orders.getPublicSaleBag, { storeId: store, saleId, saleBagId });
      if (delivers()) return saleBag;
      const { pickupCode: _code, ...sale } = saleBag.sale;
      return { ...withoutDelivery(saleBag), sale };
    },

    /** A new Pix code for one of the customer's own expired Pix sales (docs/decisions/0022-pix.md). */
    async renewPix(saleId: string) {
      return (await call(orders.renewPix, { saleId, storeId: store })).sale;
    },

    /** The sandbox gateway's "Simular pagamento": pays one of the customer's own pending Pix sales. */
    async sandboxPayPix(saleId: string) {
      return (await call(orders.sandboxPayPix, { saleId, storeId: store })).sale;
    },

    /**
     * Asks the acquirer now about one of the customer's own sales (the bundled API only;
     * docs/decisions/0019-mercado-pago.md): its status, declined included, and why.
     */
    async checkSalePayment(saleId: string) {
      return (await call(orders.checkSalePayment, { saleId, storeId: store })).payment;
    },

    /** The printable boleto of a sale: no token (the sale id is random). */
    async getBoleto(saleId: string) {
      return (await call(orders.getBoleto, { saleId, storeId: store })).boleto;
    },

    // A visitor's cart (spec §6; docs/decisions/0009-guest-carts.md): the session's key goes in a header.

    listGuestCart(guestKey: string) {
      return call(carts.listGuestCart, { storeId: store }, { headers: { [GUEST_KEY_HEADER]: guestKey } });
    },

    /** The visitor's whole cart, one bag with studentId null; `version` as for saveCart. */
    saveGuestCart(guestKey: string, bags: CartBagPayload[], version?: number) {
      const payload: GuestCartPayload = { storeId: store, bags, ...(version === undefined ? {} : { version }) };
      return call(carts.saveGuestCart, {}, { body: payload, headers: { [GUEST_KEY_HEADER]: guestKey } });
    },

    /**
     * "Fale conosco" (beyond spec §7's shown calls: docs/decisions/0023-support-tickets.md).
     * The token, when logged in, files the ticket under the account. A 404 means the store API
     * has no such call (the school's own may not).
     */
    async createSupportTicket(ticket: SupportTicket) {
      return (await call(support.createTicket, {}, { body: { ...ticket, storeId: store } })).ticket;
    },

    /**
     * "Avise-me quando chegar" (beyond spec §7, issue 28): logged in, the token's customer
     * waits; a visitor sends the address and the consent. Answers whether it was already waiting.
     */
    createStockAlert(alert: Omit<CreateStockAlertPayload, "storeId">) {
      return call(stockAlerts.createStockAlert, {}, { body: { ...alert, storeId: store } });
    },

    /**
     * A full class's waiting list (beyond spec §7, issue 28; decision 0070): logged in, the
     * token's customer joins; a visitor sends the address and the consent.
     */
    joinWaitingList(entry: Omit<JoinWaitingListPayload, "storeId">) {
      return call(waitingList.joinWaitingList, {}, { body: { ...entry, storeId: store } });
    },

    /** The offer a waiting list's link names (no login needed to see it). */
    async getSeatOffer(token: string) {
      return (await call(waitingList.getSeatOffer, { token })).seatOffer;
    },

    /** Binds the live offer to the logged-in customer, whose finish then takes the held seat. */
    async acceptSeatOffer(token: string) {
      return (await call(waitingList.acceptSeatOffer, { token })).seatOffer;
    },

    /** Gives the offered seat up: it goes to the next parent in line. */
    async declineSeatOffer(token: string) {
      return (await call(waitingList.declineSeatOffer, { token })).seatOffer;
    },

    // The school's material lists (beyond spec §7, issue 29; docs/decisions/0071-material-lists.md).

    /** The store's published lists (no login needed). */
    async listMaterialLists() {
      return (await call(materialLists.listMaterialLists, { storeId: store })).materialLists;
    },

    /** One published list of a grade of a period, every line (no login needed; 404 when none). */
    async getMaterialList(periodCode: string, codgrade: string) {
      return (await call(materialLists.getMaterialList, { storeId: store, periodCode, codgrade })).materialList;
    },

    /** The published list of a linked student's grade, with the student's bag and last sizes (bearer). */
    async getStudentMaterialList(studentId: string) {
      return (await call(materialLists.getStudentMaterialList, { storeId: store, studentId })).materialList;
    },

    /** The ticked lines go in the student's bag in one call; answers the cart and what happened per line. */
    addMaterialListToBag(customerId: string, studentId: string, listId: string, lines: TickedListLine[]) {
      return call(
        materialLists.addMaterialListToBag,
        {},
        { body: { customerId, storeId: store, studentId, listId, lines } },
      );
    },

    // Who may pick up the account's orders (beyond spec §7, issue 30; decision 0076): ask supports() first.

    /** The account's people (bearer). */
    async listPickupPeople() {
      return (await call(pickupPeople.listPickupPeople, {})).people;
    },

    /** Names a person (bearer): 409 for a CPF named or the account's own, 422 past the limit. */
    async addPickupPerson(person: PickupPersonFields) {
      return (await call(pickupPeople.addPickupPerson, {}, { body: person })).people;
    },

    /** Removes one of the account's people (bearer): 404 for one not in the list. */
    async removePickupPerson(id: string) {
      return (await call(pickupPeople.removePickupPerson, {}, { body: { id } })).people;
    },

    // WhatsApp consent (beyond spec §7, issue 31; decision 0080): ask supports() first.

    /** Whether the store sends WhatsApp (no login needed). */
    async whatsappAvailability() {
      return (await call(messages.whatsappAvailability, {})).available;
    },

    /** The account's consent (bearer). */
    getWhatsappConsent() {
      return call(messages.getWhatsappConsent, {});
    },

    /** Opts in or withdraws (bearer): 409 with WhatsApp off, 422 to opt in without a mobile number. */
    setWhatsappConsent(consent: boolean, source: WhatsappConsentSource) {
      return call(messages.setWhatsappConsent, {}, { body: { consent, source } });
    },

    /** At login: the visitor's cart joins the customer's (bearer); answers what moved. */
    mergeGuestCart(customerId: string, guestKey: string) {
      return call(
        carts.mergeGuestCart,
        {},
        { body: { storeId: store, customerId }, headers: { [GUEST_KEY_HEADER]: guestKey } },
      );
    },
  };
}

export type StoreApiClient = ReturnType<typeof createStoreApiClient>;
