import { expect, type APIRequestContext } from "@playwright/test";
import { STUDENT_CONSENT_VERSION } from "#app/lib/student-consent.ts";
import type { ApiCustomer } from "./accounts.ts";
import { demoBirthDate } from "./data.ts";

/** The customer's own student (spec §2 "Sou Aluno"): the store API makes one on first ask. */
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
