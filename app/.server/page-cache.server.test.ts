/**
 * The page cache fills a shared logged-in page with the shopper's data string (issue 32,
 * docs/decisions/0084): it must be the very string the root loader sends for that shopper, or
 * the page would hydrate with other data than it shows. Against the bundled API: a parent with
 * a student and a cart, and one whose cart the gestor changed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "#app/root.tsx";
import { decodePersonalData } from "#app/lib/personal-data.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import {
  sessionCookieOf,
  signUpAndLogIn,
  storefrontGet,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { commitCustomerSession } from "./session.server.ts";
import { pageCacheHooks } from "./page-cache.server.ts";
import { putShopper } from "./request-context.server.ts";
import { storeApiFor } from "./store-api/index.server.ts";
import { forgetShoppers, SHOPPER_READ_LIFETIME_MS } from "./logged-in-shopper.server.ts";
import { openDatabase, type StoreDatabase } from "#db/client.ts";

let dataDir: string;
let parent: LoggedInCustomer;
let db: StoreDatabase;
let studentId: string;
let itemTOTVSId: number;

const api = (customer: LoggedInCustomer) => storeApiFor(storefrontGet(customer.cookie), customer.token);

/** The root loader's `personal` for this cookie on the home page, as React Router would call it. */
async function rootPersonal(cookie: string, pagePath = "/"): Promise<string> {
  const request = storefrontGet(cookie, pagePath);
  const context = new RouterContextProvider();
  await putShopper(request, context);
  const reply = (await rootLoader({ request, context, params: {}, unstable_pattern: "" } as never)) as unknown as {
    data: { personal: string };
  };
  return reply.data.personal;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-cache-logado-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  parent = await signUpAndLogIn("Quitéria Dávila Lobato");
  studentId = (
    await api(parent).addStudentByRA({
      customerId: parent.id,
      RA: "20250002",
      dtnascimento: demoBirthDate("20250002"),
      consentVersion: STUDENT_CONSENT_VERSION,
    })
  ).studentId;
  const { products } = await api(parent).listProductsByCategorySlug("papelaria");
  const product = products.find((item) => item.TIPO === "P" && !item.variants?.length);
  itemTOTVSId = product!.itemTOTVS;
  await api(parent).saveCart(parent.id, [{ studentId, cartItems: [{ itemTOTVSId, quantity: 3 }] }]);
  db = await openDatabase({ dataDir });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the shopper a shared logged-in page is filled for", () => {
  it("carries the root loader's own data string: name, e-mail, cart count and total", async () => {
    const shopper = await pageCacheHooks.loggedInShopper(parent.cookie, "127.0.0.1");
    if ("render" in shopper) throw new Error("a live session with a clean cart is filled from the shared page");
    expect(shopper.personal).toBe(await rootPersonal(parent.cookie));
    const data = decodePersonalData(shopper.personal);
    expect(data.customer?.name).toBe("Quitéria Dávila Lobato");
    expect(data.cartCount).toBe(3);
    expect(data.cart).toBeNull();
    expect(pageCacheHooks.shapeOf(data)).toBe("n-");
  });

  it("is nobody for a cookie without a session, or with a forged one: React Router answers", async () => {
    expect(await pageCacheHooks.loggedInShopper("", "127.0.0.1")).toEqual({ render: true });
    const forged = parent.cookie.replace(/=([^;]{10})/, "=AAAAAAAAAA");
    expect(await pageCacheHooks.loggedInShopper(forged, "127.0.0.1")).toEqual({ render: true });
  });

  it("is rendered for a customer without a first name (a school's record), whose greeting has no text", async () => {
    const blank = sessionCookieOf(
      await commitCustomerSession(storefrontGet(null), {
        token: parent.token,
        customer: { id: parent.id, name: "  ", email: "quiteria@example.com", avatar: null },
      }),
    );
    expect(await pageCacheHooks.loggedInShopper(blank, "127.0.0.1")).toEqual({ render: true });
  });

  it("reads a page's own parameters as shared, and anything of the parent's as theirs", () => {
    const shared = (query: string) => pageCacheHooks.sharedWithEveryShopper(new URLSearchParams(query));
    expect(shared("")).toBe(true);
    expect(shared("pagina=2&itens=6")).toBe(true);
    expect(shared("q=caderno")).toBe(true);
    expect(shared("opcao=M")).toBe(true);
    expect(shared("busca=aberta")).toBe(true);
    for (const own of ["carrinho=aberto", "conta=entrar", "vinculo=escolha", "aluno=1", "estudante=2", "remover=3"])
      expect(shared(own), own).toBe(false);
  });
});

/** The header's count and total the page cache would fill in now (`now`: the page's time). */
async function header(customer: LoggedInCustomer, now = Date.now()) {
  const shopper = await pageCacheHooks.loggedInShopper(customer.cookie, "127.0.0.1", now);
  if ("render" in shopper) return "render";
  const data = decodePersonalData(shopper.personal);
  return { count: data.cartCount, total: data.cartTotal };
}

describe("one read of a parent's cart fills their next pages while it is still so (decision 0086)", () => {
  it("shows a change to the cart on the very next page, whoever made it", async () => {
    forgetShoppers();
    const parentB = await signUpAndLogIn("Quirino Dávila Lobato");
    expect(await header(parentB)).toMatchObject({ count: 0 });
    const first = await header(parent);
    expect(first).toMatchObject({ count: 3 });
    await api(parent).saveCart(parent.id, [{ studentId, cartItems: [{ itemTOTVSId, quantity: 5 }] }]);
    expect(await header(parent)).toMatchObject({ count: 5 });
    // The other parent's pages never carry this one's cart.
    expect(await header(parentB)).toMatchObject({ count: 0 });
    await api(parent).saveCart(parent.id, [{ studentId, cartItems: [{ itemTOTVSId, quantity: 3 }] }]);
    expect(await header(parent)).toEqual(first);
  });

  it("shows a price the gestor changed on the next page (the catalogue's version)", async () => {
    forgetShoppers();
    const before = await header(parent);
    if (before === "render") throw new Error("a clean cart is filled");
    const product = await db
      .selectFrom("products")
      .select(["id", "price_cents", "sale_price_cents"])
      .where("item_totvs_id", "=", itemTOTVSId)
      .executeTakeFirstOrThrow();
    try {
      await db
        .updateTable("products")
        .set({ price_cents: product.price_cents + 100, sale_price_cents: product.sale_price_cents + 100 })
        .where("id", "=", product.id)
        .execute();
      // The page cache asks the catalogue's version at most once a second (decision 0036).
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const after = await header(parent);
      expect(after).not.toEqual(before);
    } finally {
      await db
        .updateTable("products")
        .set({ price_cents: product.price_cents, sale_price_cents: product.sale_price_cents })
        .where("id", "=", product.id)
        .execute();
    }
  });

  it("keeps a coupon's change (which neither version follows) for its few seconds at most", async () => {
    forgetShoppers();
    const cartId = (await api(parent).getCart(parent.id))!.cart.id!;
    await api(parent).applyCoupon(cartId, "ESCOLA5");
    const start = Date.now();
    const withFive = await header(parent, start);
    try {
      await db.updateTable("coupons").set({ percentage: 50 }).where("code", "=", "ESCOLA5").execute();
      expect(await header(parent, start + 1)).toEqual(withFive);
      const later = await header(parent, start + SHOPPER_READ_LIFETIME_MS);
      expect(later).not.toEqual(withFive);
    } finally {
      await db.updateTable("coupons").set({ percentage: 5 }).where("code", "=", "ESCOLA5").execute();
    }
  });

  it("lets React Router answer once the session's token is revoked", async () => {
    forgetShoppers();
    const leaving = await signUpAndLogIn("Quintino Dávila Lobato");
    expect(await header(leaving)).toMatchObject({ count: 0 });
    await db
      .updateTable("customer_tokens")
      .set({ revoked_at: new Date().toISOString() })
      .where("customer_id", "=", leaving.id)
      .execute();
    expect(await header(leaving)).toBe("render");
  });
});
