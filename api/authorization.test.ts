/**
 * The authorisation matrix: every call of api/contract is classified below, and every call
 * that acts on a customer's data is made with another customer's token and the first
 * customer's ids. A new endpoint without a class fails here (and does not compile).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { contract } from "#api/contract/index.ts";
import { contractCalls, newShopper, personalTables, sendPlan, type Shopper } from "#tests/fixtures/api-calls.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

type Access =
  /** Anyone may call it; it answers nothing personal beyond what the caller sent. */
  | { kind: "public" }
  /** No login: found by a secret the owner was given (a random id, link or visitor key). */
  | { kind: "secret"; why: string }
  /** Acts on the bearer's own session only; names no customer. */
  | { kind: "session" }
  /**
   * Names the customer (path or body) and, with `objects`, things of theirs (cart, link,
   * student, sale): another customer's token is refused with either.
   */
  | { kind: "customer"; objects: boolean };

type Contract = typeof contract;

const ACCESS: { [Area in keyof Contract]: { [Name in keyof Contract[Area]]: Access } } = {
  catalogue: {
    listCategories: { kind: "public" },
    getCategoryById: { kind: "public" },
    listProductsByCategorySlug: { kind: "public" },
    listProductPageByCategorySlug: { kind: "public" },
    getProductBySlug: { kind: "public" },
    listProductsBySeries: { kind: "public" },
    listHomeProducts: { kind: "public" },
    searchProducts: { kind: "public" },
    getHighlight: { kind: "public" },
    listSeries: { kind: "public" },
    listUnits: { kind: "public" },
    getStore: { kind: "public" },
    createNewsletter: { kind: "public" },
    listPaymentMethods: { kind: "public" },
  },
  accounts: {
    authCustomer: { kind: "public" },
    logoutCustomer: { kind: "session" },
    createCustomer: { kind: "public" },
    resetPassword: { kind: "public" },
    checkResetToken: { kind: "secret", why: "the reset link's token (256 random bits)" },
    confirmResetPassword: { kind: "secret", why: "the reset link's token (256 random bits)" },
    getCustomer: { kind: "customer", objects: false },
    updateCustomer: { kind: "customer", objects: false },
    updateCustomerPassword: { kind: "customer", objects: false },
  },
  students: {
    listStudents: { kind: "customer", objects: false },
    addStudentByRA: { kind: "customer", objects: false },
    createEmptyStudent: { kind: "customer", objects: false },
    createResponsible: { kind: "customer", objects: true },
    removeStudentLink: { kind: "customer", objects: true },
    alreadyStudent: { kind: "customer", objects: false },
  },
  carts: {
    getCart: { kind: "customer", objects: false },
    saveCart: { kind: "customer", objects: true },
    finishCart: { kind: "customer", objects: true },
    listGuestCart: { kind: "secret", why: "the visitor's cart key (X-Guest-Cart-Key, 256 random bits)" },
    saveGuestCart: { kind: "secret", why: "the visitor's cart key (X-Guest-Cart-Key, 256 random bits)" },
    mergeGuestCart: { kind: "customer", objects: false },
    // Scoped to the bearer's own removals: another customer's ids change nothing.
    acknowledgeRemovedItems: { kind: "customer", objects: false },
  },
  coupons: {
    listCartCoupons: { kind: "customer", objects: true },
    applyCoupon: { kind: "customer", objects: true },
    removeCoupon: { kind: "customer", objects: true },
  },
  orders: {
    listSalesByCustomer: { kind: "customer", objects: false },
    listSaleBagsBySale: { kind: "customer", objects: true },
    getPublicSaleBag: { kind: "secret", why: "the receipt's two random UUIDs" },
    getBoleto: { kind: "secret", why: "the sale's random UUID" },
    renewPix: { kind: "customer", objects: true },
    sandboxPayPix: { kind: "customer", objects: true },
    checkSalePayment: { kind: "customer", objects: true },
  },
  privacy: {
    exportCustomerData: { kind: "customer", objects: false },
    deleteCustomer: { kind: "customer", objects: false },
  },
  // Anyone may write; a live token only files the ticket under its account (decision note 0023).
  support: { createTicket: { kind: "public" } },
  // With a bearer token it keeps and answers the bearer's own e-mail; otherwise what the visitor sent.
  stockAlerts: { createStockAlert: { kind: "public" } },
  waitingList: {
    joinWaitingList: { kind: "public" },
    leaveWaitingList: { kind: "session" },
    // The offer's link: 256 random bits, kept only as a digest; api/stock/waiting-list.test.ts.
    getSeatOffer: { kind: "secret", why: "the offer link's random token" },
    acceptSeatOffer: { kind: "secret", why: "the offer link's random token, bound to one account" },
    declineSeatOffer: { kind: "secret", why: "the offer link's random token" },
  },
  materialLists: {
    listMaterialLists: { kind: "public" },
    getMaterialList: { kind: "public" },
    // The student's list and bag: only a customer the student is linked to.
    getStudentMaterialList: { kind: "customer", objects: true },
    addMaterialListToBag: { kind: "customer", objects: true },
  },
  // The account's own people: nobody else's to read or change (api/pickup-people tests).
  pickupPeople: {
    listPickupPeople: { kind: "session" },
    addPickupPerson: { kind: "session" },
    // Names a person of the account: another account's token gets 404, and nothing changes.
    removePickupPerson: { kind: "customer", objects: true },
  },
  // The bearer's own WhatsApp consent (api/messages/consent.test.ts); whether the store has it is public.
  messages: {
    whatsappAvailability: { kind: "public" },
    getWhatsappConsent: { kind: "session" },
    setWhatsappConsent: { kind: "session" },
  },
  payments: {
    // Mercado Pago's HMAC of the notification with the webhook secret; api/payments/mercadopago/routes.test.ts.
    mercadoPagoWebhook: { kind: "secret", why: "the acquirer's signature with the webhook secret" },
  },
  // Meta's verify token and its HMAC of the body with the app secret; api/messages/webhook/routes.test.ts.
  whatsappWebhook: {
    verifyWhatsappWebhook: { kind: "secret", why: "Meta's subscription check with the verify token" },
    whatsappWebhook: { kind: "secret", why: "Meta's signature with the app secret" },
  },
};

const calls = contractCalls().map((call) => {
  const [area, name] = call.name.split(".") as [keyof Contract, string];
  return { ...call, access: (ACCESS[area] as Record<string, Access | undefined>)[name] };
});

let t: TestApi;
beforeAll(async () => {
  // WhatsApp on (issue 31), so its consent calls answer rather than refuse with 409.
  t = await createTestApi({ whatsapp: { appSecret: "segredo-de-teste", verifyToken: "verificacao-de-teste" } });
});
afterAll(() => t.close());

/** A's name, e-mail and CPF: none may appear in a reply to B. */
function expectNoLeak(reply: { body: unknown }, owner: Shopper) {
  const text = JSON.stringify(reply.body);
  for (const secret of [owner.customer.email, owner.customer.cpf, "Aurora"]) expect(text).not.toContain(secret);
}

describe("the authorisation matrix", () => {
  it("classifies every endpoint of the contract", () => {
    expect(calls.filter((call) => !call.access).map((call) => call.name)).toEqual([]);
  });

  const scoped = calls.filter((call) => call.access?.kind === "customer");
  it.each(scoped)(
    "$name refuses another customer's token with the owner's ids",
    async ({ endpoint, sample, access }) => {
      const owner = await newShopper(t, "Aurora Quitéria Bezerra");
      const intruder = await signUpAndLogIn(t);
      const before = await personalTables(t.db);

      const withOwnersIds = await sendPlan(t, endpoint, sample(owner), { token: intruder.token });
      expect([403, 404]).toContain(withOwnersIds.status);
      expectNoLeak(withOwnersIds, owner);
      if (access?.kind === "customer" && access.objects) {
        // The intruder's own id, the owner's cart, link, student or sale.
        const withOwnersThings = await sendPlan(t, endpoint, sample({ ...owner, customer: intruder }), {
          token: intruder.token,
        });
        expect([403, 404]).toContain(withOwnersThings.status);
        expectNoLeak(withOwnersThings, owner);
      }
      expect(await personalTables(t.db)).toEqual(before);

      // The same call from its owner works: the refusals above were about who asked.
      const byOwner = await sendPlan(t, endpoint, sample(owner), { token: owner.customer.token });
      expect(byOwner.status, JSON.stringify(byOwner.body)).toBeGreaterThanOrEqual(200);
      expect(byOwner.status).toBeLessThan(300);
    },
  );

  const sessions = calls.filter((call) => call.access?.kind === "session");
  it.each(sessions)("$name acts on the caller's own session only", async ({ endpoint, sample }) => {
    const owner = await newShopper(t, "Aurora Quitéria Bezerra");
    const intruder = await signUpAndLogIn(t);
    expect((await sendPlan(t, endpoint, sample(owner), { token: intruder.token })).status).toBeLessThan(300);
    const stillIn = await t.call("GET", `/customers/get-customer/${owner.customer.id}/store/1`, undefined, {
      token: owner.customer.token,
    });
    expect(stillIn.status).toBe(200);
  });

  const locked = calls.filter((call) => call.access?.kind === "customer" || call.access?.kind === "session");
  it.each(locked)("$name refuses a call without a token", async ({ endpoint, sample }) => {
    const owner = await newShopper(t);
    const before = await personalTables(t.db);
    expect((await sendPlan(t, endpoint, sample(owner))).status).toBe(401);
    expect(await personalTables(t.db)).toEqual(before);
  });
});
