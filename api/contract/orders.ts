/**
 * Spec §7 order calls: sales and sale-bags, plus the printable boleto beyond the spec
 * (docs/decisions/0010-checkout-and-payment.md). Money in reais.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { paymentMethodCode, storeIdOfPath } from "./fields.ts";
import { deliveryState } from "#core/delivery.ts";
import { saleStatus } from "#core/sale-status.ts";

export const SALE_NOT_FOUND = "Compra não encontrada.";
export const BOLETO_NOT_FOUND = "Boleto não encontrado.";

/** A student's part of a sale, as the sales list summarises it. */
const saleBagSummary = z.object({
  id: z.string(),
  studentName: z.string(),
  studentRA: z.string().nullable(),
  total: z.number(),
  /** Units bought in the bag (sum of the items' quantities). */
  itemCount: z.number(),
});
export type SaleBagSummary = z.infer<typeof saleBagSummary>;

const saleShape = {
  id: z.string(),
  referenceCode: z.string(),
  status: saleStatus,
  paymentMethod: z.object({ code: paymentMethodCode, name: z.string() }),
  installments: z.number(),
  subtotal: z.number(),
  /**
   * Beyond spec §7 (docs/decisions/0072-list-discount-and-coupon.md): the material lists'
   * "Lista completa" discounts, present when there was one; `discount` stays the coupon's.
   * total = subtotal − listDiscount − discount.
   */
  listDiscount: z.number().optional(),
  discount: z.number(),
  total: z.number(),
  couponCode: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLastDigits: z.string().nullable(),
  boletoDigitableLine: z.string().nullable(),
  /** The printable boleto's address (second copy), for boleto sales. */
  boletoLink: z.string().nullable(),
  /** YYYY-MM-DD */
  boletoDueDate: z.string().nullable(),
  /**
   * Beyond the spec (docs/decisions/0022-pix.md): a Pix sale's "copia e cola" code, only while
   * it waits for payment, and its expiry (ISO 8601).
   */
  pixCopyPaste: z.string().nullable().optional(),
  pixExpiresAt: z.string().nullable().optional(),
  /**
   * Beyond spec §7 (issue 30; docs/decisions/0076-pickup-code.md): the code the family shows at
   * the unit to pick up the sale's goods; null for a sale of courses and events only. Absent
   * from a school API without delivery: the storefront then shows no code.
   */
  pickupCode: z.string().nullable().optional(),
  /** ISO 8601 */
  createdAt: z.string(),
  saleBags: z.array(saleBagSummary),
};
export const sale = z.object(saleShape);
export type Sale = z.infer<typeof sale>;

const saleBagItem = z.object({
  itemTOTVSId: z.number(),
  title: z.string(),
  type: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  originalUnitPrice: z.number(),
  image: z.string(),
  productSlug: z.string(),
  categorySlug: z.string(),
  /**
   * Beyond spec §7 (issue 27): the unit that sold the item (CODCOLIGADA), where goods are picked
   * up; optional, so a school API that does not send it still matches (decision 0026).
   */
  CODCOLIGADA: z.string().optional(),
  /**
   * Beyond spec §7 (issue 28, decision 0066), present only for a variant: the option chosen, as
   * sold ("Tamanho", "M"). Optional, so a school API that has no variants still matches.
   */
  optionName: z.string().optional(),
  optionValue: z.string().optional(),
  /**
   * Beyond spec §7 (issue 30; docs/decisions/0075-delivery-at-the-unit.md): where the line is on
   * its way to the family, present once the sale is paid (absent before, and from a school API
   * without delivery: the storefront then shows what §7 offers).
   */
  delivery: z
    .object({
      state: deliveryState,
      /** When the line entered its state (ISO 8601); null: since the payment. */
      at: z.string().nullable(),
      /** "Retirado": the name of the person who received it. */
      receivedBy: z.string().nullable(),
      /** A size exchanged at the unit, as its history says it ("Tamanho M → G"); null: none. */
      exchange: z.string().nullable(),
    })
    .optional(),
});
export type SaleBagItem = z.infer<typeof saleBagItem>;

const saleBagShape = {
  id: z.string(),
  saleId: z.string(),
  studentName: z.string(),
  studentRA: z.string().nullable(),
  /** What the bag's lines cost after its list discount, before the cart's coupon. */
  total: z.number(),
  /**
   * Beyond spec §7 (0072), present when the bag had its list's discount: how much, and which
   * list ("Lista de material — 6º Ano").
   */
  listDiscount: z.number().optional(),
  materialListTitle: z.string().optional(),
  status: saleStatus,
  items: z.array(saleBagItem),
};
export const saleBag = z.object(saleBagShape);
export type SaleBag = z.infer<typeof saleBag>;

const salesReply = z.object({ sales: z.array(sale) });
const saleReply = z.object({ sale });
export type SaleReply = z.infer<typeof saleReply>;
const saleBagsReply = z.object({ saleBag: z.array(saleBag) });
export type SalesReply = z.infer<typeof salesReply>;
export type SaleBagsReply = z.infer<typeof saleBagsReply>;

/** What of a sale the public receipt shows: never the customer's contact data. */
export const receiptSale = sale.pick({
  referenceCode: true,
  status: true,
  paymentMethod: true,
  installments: true,
  subtotal: true,
  listDiscount: true,
  discount: true,
  total: true,
  couponCode: true,
  cardLastDigits: true,
  pickupCode: true,
  createdAt: true,
});

/** The public receipt: the bag and its sale as a receipt shows it. */
const publicSaleBagReply = z.object({ saleBag: z.object({ ...saleBagShape, sale: receiptSale }) });
export type PublicSaleBagReply = z.infer<typeof publicSaleBagReply>;

const boletoReply = z.object({
  boleto: z.object({
    saleId: z.string(),
    referenceCode: z.string(),
    status: saleStatus,
    amount: z.number(),
    /** Only while the sale is pending: an expired, cancelled or paid boleto must not be paid. */
    barcode: z.string().nullable(),
    digitableLine: z.string().nullable(),
    /** YYYY-MM-DD */
    dueDate: z.string(),
    payerName: z.string(),
    payerCpf: z.string(),
    createdAt: z.string(),
  }),
});
export type BoletoReply = z.infer<typeof boletoReply>;

/** What the acquirer says of one of the customer's sales, declined attempts included (checkSalePayment). */
const salePaymentReply = z.object({
  payment: z.object({
    saleId: z.string(),
    status: saleStatus,
    /** Why the attempt was declined, for the customer; null unless declined. */
    message: z.string().nullable(),
    /**
     * A card to be paid on the acquirer's page, which still takes payments and holds none yet
     * (the shopper came back without paying): that page's address, to go back to (0019). Absent
     * otherwise.
     */
    paymentPageUrl: z.string().nullable().optional(),
  }),
});
export type SalePaymentReply = z.infer<typeof salePaymentReply>;

export const orders = {
  /** Newest first. */
  listSalesByCustomer: endpoint({
    method: "GET",
    path: "/sales/list-sale-by-customer-id/:customerId/store/:storeId",
    reply: salesReply,
  }),
  /** The bags (one per student) of one of the customer's sales; 404 for any other sale. */
  listSaleBagsBySale: endpoint({
    method: "GET",
    path: "/sale-bags/list-sale-bag-by-sale-id/:saleId/store/:storeId",
    reply: saleBagsReply,
  }),
  /** The public receipt: no auth, found by two random UUIDs. */
  getPublicSaleBag: endpoint({
    method: "GET",
    path: "/sale-bags/check-status-sale-bag/store/:storeId/sale/:saleId/saleBag/:saleBagId",
    params: storeIdOfPath,
    reply: publicSaleBagReply,
  }),
  /** The printable boleto: no auth, found by the sale's random UUID. */
  getBoleto: endpoint({
    extension: true,
    method: "GET",
    path: "/sales/boleto/:saleId/store/:storeId",
    params: storeIdOfPath,
    reply: boletoReply,
  }),
  /**
   * Beyond the spec (docs/decisions/0022-pix.md): a new Pix code for one of the customer's own
   * Pix sales whose code expired unpaid. Answers the sale as it then stands.
   */
  renewPix: endpoint({
    extension: true,
    method: "POST",
    path: "/sales/renew-pix/:saleId/store/:storeId",
    params: storeIdOfPath,
    reply: saleReply,
  }),
  /**
   * Beyond the spec, the sandbox gateway only (404 with any other): pays one of the customer's
   * own pending Pix sales as if the payer's bank had, so a demo can finish (docs/decisions/0022-pix.md).
   */
  sandboxPayPix: endpoint({
    extension: true,
    method: "POST",
    path: "/sales/sandbox-pay-pix/:saleId/store/:storeId",
    params: storeIdOfPath,
    reply: saleReply,
  }),
  /**
   * Beyond the spec (docs/decisions/0019-mercado-pago.md): asks the acquirer now about one of the
   * customer's own sales still being paid (the shopper back from the acquirer's page, a charge
   * whose answer was lost) and records its answer; answers the sale's status, declined included,
   * with the reason of a decline. Another customer's sale is 404.
   */
  checkSalePayment: endpoint({
    extension: true,
    method: "POST",
    path: "/sales/check-payment/:saleId/store/:storeId",
    params: storeIdOfPath,
    reply: salePaymentReply,
  }),
};
