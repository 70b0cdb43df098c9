/**
 * The gestor area's Painel and Pedidos (issue 15; docs/decisions/0030-gestor-orders.md): the
 * day's and week's figures, the list of sales with its filters and CSV export, a sale's page
 * and the three actions on it. Both roles use all of them. Money in reais, as spec §7's.
 */
import { z } from "zod";
import { deliveryState } from "#core/delivery.ts";
import { isValidCpf, typedCpfDigits } from "#core/cpf.ts";
import { isCalendarDate } from "#core/dates.ts";
import { endpoint } from "../endpoint.ts";
import { saleStatus } from "#core/sale-status.ts";
import { paymentMethodCode } from "../fields.ts";
import { pageField, pageOf } from "./paging.ts";
import { searchText } from "./search-text.ts";
import { REFUND_REASON_MAX, REFUND_REASON_MESSAGE, REFUND_REASON_MIN } from "./refund-reason.ts";

export const SALE_FILTER_MESSAGES = {
  date: "Informe uma data válida (dd/mm/aaaa).",
  range: "A data final deve ser igual ou posterior à inicial.",
  customer: "Informe o e-mail ou o CPF do cliente.",
  ra: "O RA tem apenas números.",
  unit: "Escolha uma unidade da lista.",
} as const;

/** An empty field of the GET form is no filter. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(field: T) => z.preprocess(blank, field.optional());

const calendarDate = z.string().trim().refine(isCalendarDate, { message: SALE_FILTER_MESSAGES.date });

/** "Cliente": an e-mail (any case) or a CPF (with or without its mask). */
const customerField = z
  .string()
  .trim()
  .max(254, { message: SALE_FILTER_MESSAGES.customer })
  .transform((text, ctx) => {
    if (text.includes("@")) {
      if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return { email: text.toLowerCase() };
    } else {
      const digits = typedCpfDigits(text);
      if (digits && isValidCpf(digits)) return { cpf: digits };
    }
    ctx.addIssue({ code: "custom", message: SALE_FILTER_MESSAGES.customer });
    return z.NEVER;
  });

/**
 * The list's filters, as the GET form of /gestor/pedidos and the API's query carry them. No
 * status means every sale but the declined card attempts (payment attempts, not orders: 0018).
 */
export const saleFilters = z
  .object({
    /**
     * "Busca": any part of the customer's or a student's name, of the customer's e-mail, and,
     * for digits (a CPF's mask allowed), of the CPF, a student's RA or the order's number.
     */
    q: optional(searchText),
    status: optional(saleStatus),
    method: optional(paymentMethodCode),
    /** CODCOLIGADA: sales with at least one item of the unit. */
    unit: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, { message: SALE_FILTER_MESSAGES.unit }),
    ),
    /** The sale's date in Brazil (America/Recife), YYYY-MM-DD, both ends included. */
    from: optional(calendarDate),
    to: optional(calendarDate),
    customer: optional(customerField),
    ra: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, { message: SALE_FILTER_MESSAGES.ra }),
    ),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: SALE_FILTER_MESSAGES.range,
    path: ["to"],
  });
export type SaleFilters = z.output<typeof saleFilters>;
/** The filters as a query string carries them. */
export type SaleFilterQuery = Partial<
  Record<"q" | "status" | "method" | "unit" | "from" | "to" | "customer" | "ra", string>
>;

const money = z.number();

export const saleRow = z.object({
  id: z.string(),
  referenceCode: z.string(),
  /** ISO */
  createdAt: z.string(),
  status: saleStatus,
  paymentMethodCode,
  installments: z.number(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  students: z.array(z.object({ name: z.string(), ra: z.string().nullable() })),
  total: money,
});
/** A row of Pedidos' list (and of the header search's "Pedidos"). */
export type GestorSaleRow = z.infer<typeof saleRow>;

const figures = z.object({ count: z.number(), total: money });
const periodFigures = z.object({
  /** YYYY-MM-DD, the period's first day in Brazil. */
  since: z.string(),
  count: z.number(),
  total: money,
  byMethod: z.array(figures.extend({ paymentMethodCode })),
  /** CODCOLIGADA; a sale with items of two units counts in both, with each unit's items. */
  byUnit: z.array(figures.extend({ unitCode: z.string() })),
});
export type PeriodFigures = z.infer<typeof periodFigures>;

const saleDetail = z.object({
  id: z.string(),
  referenceCode: z.string(),
  status: saleStatus,
  paymentMethodCode,
  installments: z.number(),
  subtotal: money,
  /** The material lists' discounts (docs/decisions/0072); `discount` is the coupon's. */
  listDiscount: money,
  discount: money,
  total: money,
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  boletoDueDate: z.string().nullable(),
  acquirerAlert: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  bags: z.array(
    z.object({
      id: z.string(),
      studentName: z.string(),
      studentRA: z.string().nullable(),
      /** After the bag's list discount, before the coupon. */
      total: money,
      listDiscount: money,
      /** The list whose discount the bag had; null: none. */
      materialListTitle: z.string().nullable(),
      items: z.array(
        z.object({
          itemTOTVSId: z.number(),
          title: z.string(),
          /** The size chosen, as sold (issue 28): "Tamanho" and "M"; null for a product without options. */
          optionName: z.string().nullable(),
          optionValue: z.string().nullable(),
          unitCode: z.string(),
          quantity: z.number(),
          unitPrice: money,
          originalUnitPrice: money,
          /**
           * Where the line is on its way to the family (issue 30; core/delivery.ts); null: the
           * sale was never paid. Optional: a school API without delivery omits it.
           */
          deliveryState: deliveryState.nullable().optional(),
        }),
      ),
    }),
  ),
  /** Every payment attempt of the sale's cart, this sale included: never card data but the brand. */
  attempts: z.array(
    z.object({
      saleId: z.string(),
      attempt: z.number(),
      referenceCode: z.string(),
      paymentMethodCode,
      installments: z.number(),
      status: saleStatus,
      cardBrand: z.string().nullable(),
      acquirerId: z.string().nullable(),
      declineMessage: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Oldest first: status changes and the staff's actions (audit log) on the sale. */
  history: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(["status", "audit"]),
      /** For a status change: the new status' code; for an action, the audit summary. */
      text: z.string(),
      from: saleStatus.nullable(),
      /** Who: the staff's e-mail or "linha de comando"; null for the store itself. */
      actor: z.string().nullable(),
    }),
  ),
  /**
   * The units of its items outside the person's own (a secretary's, decision 0061); empty for
   * the network's roles. With any, the actions are left to the network.
   */
  otherUnits: z.array(z.string()),
  /** What the gestor may do now. */
  actions: z.object({ confirmPayment: z.boolean(), cancel: z.boolean(), refund: z.boolean() }),
  /**
   * Physical pieces the sale took from stock and still holds (decision 0067): a refund asks
   * whether they came back to the unit. Seats are always given back, so they are not counted.
   */
  piecesHeld: z.number(),
  /**
   * Lines already picked up at the unit ("Camiseta (M)"): a refund does not give them back to
   * stock, the goods being with the family (issue 30). Optional, as deliveryState.
   */
  piecesPickedUp: z.array(z.string()).optional(),
});
export type GestorSaleDetail = z.infer<typeof saleDetail>;

export const refundReasonField = z
  .string({ message: REFUND_REASON_MESSAGE })
  .trim()
  .min(REFUND_REASON_MIN, { message: REFUND_REASON_MESSAGE })
  .max(REFUND_REASON_MAX, { message: REFUND_REASON_MESSAGE });

const saleChangeReply = z.object({ sale: z.object({ id: z.string(), referenceCode: z.string(), status: saleStatus }) });

const saleIdPath = "/gestor/sales/:saleId";

export const gestorSales = {
  /** Today's and this week's paid sales, pending boletos and Pix, open tickets, 30 days by day. */
  dashboard: endpoint({
    method: "GET",
    path: "/gestor/dashboard",
    reply: z.object({
      today: periodFigures,
      week: periodFigures,
      pending: z.object({ boleto: figures, pix: figures }),
      openTickets: z.number(),
      /** WhatsApp messages and e-mails that failed in the last 24 hours (issue 31); absent before it. */
      failedMessages: z.number().optional(),
      /** The last 30 days in Brazil, oldest first, each with its paid sales. */
      days: z.array(figures.extend({ date: z.string() })),
    }),
  }),
  /** Newest first, GESTOR_PAGE_SIZE a page. */
  list: endpoint({
    method: "GET",
    path: "/gestor/sales",
    query: saleFilters.and(z.object({ page: pageField })),
    reply: pageOf(saleRow),
  }),
  /** The filtered list, every page, as CSV for accounting (text/csv: `;`, decimal comma, UTF-8 BOM). */
  exportCsv: endpoint({ method: "GET", path: "/gestor/sales/export", query: saleFilters, reply: null }),
  /** 404 for an unknown sale. */
  get: endpoint({ method: "GET", path: saleIdPath, reply: z.object({ sale: saleDetail }) }),
  /** A payment received outside the gateway: pending or expired → paid; e-mails the customer. */
  confirmPayment: endpoint({
    method: "POST",
    path: `${saleIdPath}/confirm-payment`,
    reply: saleChangeReply,
  }),
  /** An unpaid sale, cancelled at the acquirer first; its coupon is given back. */
  cancel: endpoint({ method: "POST", path: `${saleIdPath}/cancel`, reply: saleChangeReply }),
  /** A paid sale, refunded in full through the gateway, with the reason for the audit log. */
  refund: endpoint({
    method: "POST",
    path: `${saleIdPath}/refund`,
    /** piecesReturned: the sale's pieces came back to the unit, so their stock is given back (decision 0067). */
    body: z.object({ reason: refundReasonField, piecesReturned: z.boolean().optional() }),
    reply: saleChangeReply,
  }),
};
