import { test as base, expect } from "@playwright/test";
import { apiCustomer, type ApiCustomer, type NewCustomer } from "./accounts.ts";
import { waitForHydration } from "./pages.ts";
import { sessionCookie } from "./session.ts";
import { ownStudentId, saveCart } from "./store-api.ts";

export { expect };

export interface StoreFixtures {
  /** True in the projects that run with JavaScript. */
  js: boolean;
  /** True in the mobile projects (< 710 px: mobile header and bottom bar). */
  mobile: boolean;
  /** Opens a path and, with JavaScript, waits until React has hydrated it. */
  visit: (path: string) => Promise<void>;
  /**
   * Logs a customer in without the account modal: a store API login, then the storefront's
   * session cookie for it in this test's browser. A new customer unless one is given.
   * Only the tests about logging in go through the modal (logInThroughModal).
   */
  logIn: (customer?: NewCustomer) => Promise<ApiCustomer>;
  /**
   * A new customer, logged in, whose cart (saved through the store API) holds one unit of the
   * item for themself, on the checkout's payment step (/compra).
   */
  checkout: (itemTOTVSId: number) => Promise<ApiCustomer & { cartId: string }>;
}

const octet = () => Math.floor(Math.random() * 254) + 1;

export const test = base.extend<StoreFixtures>({
  // Each test is its own shopper for the store's rate limits (the e2e server trusts this header).
  extraHTTPHeaders: async ({}, use) => use({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` }),
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  mobile: async ({ isMobile }, use) => use(Boolean(isMobile)),
  visit: async ({ page, js }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await waitForHydration(page, js);
    });
  },
  logIn: async ({ context, request, baseURL }, use) => {
    await use(async (customer) => {
      const { auth, ...loggedIn } = await apiCustomer(request, customer, baseURL);
      await context.addCookies([await sessionCookie(auth)]);
      return loggedIn;
    });
  },
  checkout: async ({ logIn, request, visit }, use) => {
    await use(async (itemTOTVSId) => {
      const customer = await logIn();
      const cartId = await saveCart(request, customer, [
        { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId, quantity: 1 }] },
      ]);
      await visit("/compra");
      return { ...customer, cartId };
    });
  },
});
