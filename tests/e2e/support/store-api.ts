import { expect, type APIRequestContext } from "@playwright/test";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import type { ApiCustomer } from "./accounts.ts";
import { demoBirthDate } from "./data.ts";

/** The customer's own student (spec §2 "Sou aluno"): the store API makes one on first ask. */
export async function ownStudentId(request: APIRequestContext, customer: ApiCustomer): Promise<string> {
  const response = await request.post(`/api/students/already-student/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).student.studentId;
}

/** Saves the customer's cart through the store API, as the storefront does on a cart change (a null student: the bag waiting for one); answers its id. */
export async function saveCart(
  request: APIRequestContext,
  customer: ApiCustomer,
  bags: { studentId: string | null; cartItems: { itemTOTVSId: number; quantity: number }[] }[],
): Promise<string> {
  const response = await request.post("/api/carts/client-add-item-to-cart", {
    headers: customer.headers,
    data: { affiliateId: null, storeId: 1, customerId: customer.id, bags },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).cart.cartId;
}

/** The customer's cart as the store API keeps it: per bag, the student's RA and the items' titles. */
export async function cartBags(
  request: APIRequestContext,
  customer: ApiCustomer,
): Promise<{ RA: string | null; titles: string[] }[]> {
  const response = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { cart } = (await response.json()) as {
    cart: { bags: { RA: string | null; cartItems: { product: { title: string } }[] }[] };
  };
  return cart.bags.map((bag) => ({ RA: bag.RA, titles: bag.cartItems.map((item) => item.product.title) }));
}

/** Links a demo student by RA through the store API (the birth date and consent of decision 0013); answers the student id. */
export async function linkByRa(request: APIRequestContext, customer: ApiCustomer, ra: string): Promise<string> {
  const response = await request.post("/api/students/add-student-to-customer", {
    headers: customer.headers,
    data: {
      storeId: 1,
      customerId: customer.id,
      RA: ra,
      dtnascimento: demoBirthDate(ra),
      consentVersion: STUDENT_CONSENT_VERSION,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).student.studentId;
}

/**
 * A purchase made through the store API, as "Finalizar compra" sends it: a new cart of the
 * products given (one of each) for the customer's own student, paid by a sandbox card
 * (approved: paid) or a boleto (pending). Answers the sale's id and reference code.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  customer: ApiCustomer,
  /** One item, or several in the same bag (one unit of each). */
  items: number | readonly number[],
  method: "card" | "boleto",
): Promise<{ saleId: string; referenceCode: string }> {
  const cartItems = (typeof items === "number" ? [items] : items).map((itemTOTVSId) => ({ itemTOTVSId, quantity: 1 }));
  const cartId = await saveCart(request, customer, [{ studentId: await ownStudentId(request, customer), cartItems }]);
  const payment =
    method === "card"
      ? {
          paymentMethodId: 2,
          brand: "VISA",
          cardNumber: "4111111111111111",
          expirationDate: `${new Date().getUTCFullYear() + 1}-05-10`,
          cvv: "123",
          holder: "Fernanda C Lima",
          installments: 1,
        }
      : { paymentMethodId: 1, installments: 1 };
  const response = await request.put(`/api/carts/finish-cart-by-customer/${customer.id}/cart/${cartId}/store/1`, {
    headers: customer.headers,
    data: { acceptedTerms: true, deliveryDate: null, ...payment },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { finished } = (await response.json()) as { finished: { saleId: string; referenceCode: string } };
  return { saleId: finished.saleId, referenceCode: finished.referenceCode };
}
