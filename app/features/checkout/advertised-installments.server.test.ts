/**
 * What a product card advertises is what /compra offers for a cart holding just that product
 * (spec §9, decision 0021), read through the storefront's own loaders against the bundled API
 * and its demo catalogue, on a pinned day in November, when the months-remaining rule bites.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { signUpAndLogIn, storefrontGet, type LoggedInCustomer } from "#tests/fixtures/storefront-requests.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { loader as searchLoader } from "#app/routes/search.tsx";
import { productPath } from "#app/lib/product-path.ts";
import { unpackProductCard } from "#app/features/catalogue/card-wire.ts";
import { loadCheckoutPage } from "./checkout-page.server.ts";

/** Noon in Recife on 23 November 2026: two months are left in the year. */
const NOVEMBER = new Date("2026-11-23T12:00:00-03:00");

let dataDir: string;
let customer: LoggedInCustomer;
let studentId: string;

beforeAll(async () => {
  // Only Date is faked: the clock stands still on the pinned day, timers and I/O run as usual.
  vi.useFakeTimers({ toFake: ["Date"], now: NOVEMBER });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-parcelas-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  customer = await signUpAndLogIn();
  const link = await storeApiFor(storefrontGet(customer.cookie), customer.token).addStudentByRA({
    customerId: customer.id,
    RA: "20250002",
    dtnascimento: demoBirthDate("20250002"),
    consentVersion: STUDENT_CONSENT_VERSION,
  });
  studentId = link.studentId;
});

afterAll(() => {
  vi.useRealTimers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The cards the search page's loader sends for `term`, their fields named. */
async function searchCards(term: string) {
  const request = storefrontGet(null, `/busca?q=${encodeURIComponent(term)}`);
  const page = await searchLoader({ ...(await requestArgs(request)), params: {} } as Parameters<
    typeof searchLoader
  >[0]);
  return (page.products ?? []).map(unpackProductCard);
}

/** The payment step's instalment maximum with only this product in the customer's cart. */
async function offeredAtCheckout(itemTOTVSId: number) {
  await storeApiFor(storefrontGet(customer.cookie), customer.token).saveCart(customer.id, [
    { studentId, cartItems: [{ itemTOTVSId, quantity: 1 }] },
  ]);
  const page = await loadCheckoutPage(await requestArgs(storefrontGet(customer.cookie, "/compra")));
  expect(page.step).toBe(3);
  return page.installments.count;
}

describe("the count a product card advertises", () => {
  it("is what the payment step offers for Curso de Ballet Infantil in November: 2, not its 12 PARCELAS", async () => {
    const [ballet] = await searchCards("Curso de Ballet Infantil");
    expect(ballet?.title).toBe("Curso de Ballet Infantil");
    expect(ballet?.installments).toBe(2);
    const api = storeApiFor(storefrontGet(null));
    const product = (await api.searchProducts("Curso de Ballet Infantil"))[0]!;
    expect(product.PARCELAS).toBe(12);
    expect(await offeredAtCheckout(product.itemTOTVS)).toBe(2);
  });

  it("equals the payment step's offer for courses that turn the year, physical and manual products", async () => {
    const api = storeApiFor(storefrontGet(null));
    for (const term of ["Curso de Judô - Anual", "Curso de Inglês Kids - Anual", "Curso de Robótica", "Agenda"]) {
      const cards = await searchCards(term);
      const products = await api.searchProducts(term);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards.slice(0, 3)) {
        const product = products.find(
          (candidate) => productPath(candidate.category.slug, candidate.slug) === card.href,
        )!;
        expect({ title: card.title, count: await offeredAtCheckout(product.itemTOTVS) }).toEqual({
          title: card.title,
          count: card.installments,
        });
      }
    }
    // A course whose plan turns the year keeps its 12 in November.
    const [judo] = await searchCards("Curso de Judô - Anual");
    expect(judo?.installments).toBe(12);
  });
});
