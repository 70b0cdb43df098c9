/**
 * The contract's products and cart lines fit the instalment rules of core/installments.ts, which
 * type what they read without importing the contract (core imports nothing of api/).
 */
import { describe, expect, it } from "vitest";
import { cartInstallments, maxInstallmentsOf } from "#core/installments.ts";
import type { CartItem } from "./carts.ts";
import type { Product } from "./catalogue.ts";

/** Noon in Recife (UTC−3) on 15 June 2026. */
const JUNE = new Date("2026-06-15T12:00:00-03:00");

describe("the contract's types and the instalment rules", () => {
  it("accepts a Product of the API contract", () => {
    const product = { TIPO: "S", PARCELAS: 1, paymentPlan: { maxInstallments: 12, turnYear: false, schoolYear: 2026 } };
    const typed: Pick<Product, "TIPO" | "PARCELAS" | "paymentPlan"> = product;
    expect(maxInstallmentsOf(typed, JUNE)).toBe(7);
  });

  it("accepts CartItem lines of the API contract", () => {
    const item: CartItem = {
      cartItemid: "c1",
      itemTOTVSId: 10001,
      affiliateId: "1",
      quantity: 1,
      itemCouponId: null,
      itemCoupon: null,
      paymentPlan: { maxInstallments: 12, turnYear: false, schoolYear: 2026 },
      PRECO: 1200,
      DESCONTO: 1200,
      TIPO: "S",
      NOME: "Curso de Robótica",
      TURNO: "Tarde",
      PARCELAS: 12,
      CODCOLIGADA: "1",
      productImage: "",
      productSlug: "curso",
      category: { title: "Cursos", slug: "cursos" },
      product: {
        productId: "p1",
        title: "Curso",
        slug: "curso",
        image: "",
        category: { title: "Cursos", slug: "cursos" },
      },
    };
    expect(cartInstallments([item], 1200, JUNE)).toBe(7);
  });
});
