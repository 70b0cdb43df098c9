/**
 * The gestor's coupons (issue 15; docs/decisions/0033-gestor-coupons-and-ticket-replies.md):
 * list, create, edit, pause and resume, and each coupon's uses. Admins change them; atendimento
 * reads them (403 on every write).
 */
import { z } from "zod";
import { isCalendarDate } from "#core/dates.ts";
import { normalizeCouponCode } from "#core/coupon-code.ts";
import { endpoint } from "../endpoint.ts";
import { storeIdField } from "../fields.ts";
import { pageField, pageOf } from "./paging.ts";

export const COUPON_ADMIN_MESSAGES = {
  notFound: "Cupom não encontrado.",
  codeTaken: "Já existe um cupom com este código.",
  codeLocked: "O código não pode mudar depois que o cupom foi usado: crie outro cupom.",
  unknownCategory: "Escolha categorias da lista.",
  /** A code that is no unit of the store, or an inactive one the coupon did not have. */
  unknownUnit: "Escolha unidades da lista.",
} as const;

const PERCENTAGE_RANGE = "A porcentagem deve ser um número inteiro de 1 a 100.";
const LIMIT_RANGE = "Informe um número inteiro maior que zero, ou deixe em branco para não limitar.";
/** Units are the store's data (school_units): the contract checks a code's form, the service that it is one. */
const MAX_COUPON_UNITS = 100;

const calendarDate = (missing: string) =>
  z
    .string({ message: missing })
    .trim()
    .min(1, { message: missing })
    .refine(isCalendarDate, { message: "Informe uma data válida." });

const useLimit = z
  .number({ message: LIMIT_RANGE })
  .int({ message: LIMIT_RANGE })
  .positive({ message: LIMIT_RANGE })
  .max(1_000_000, { message: LIMIT_RANGE })
  .optional();

/**
 * A coupon as the gestor writes it: the same schema checks the area's form (Conform) and the
 * API's body. Dates are days in the store's time zone: valid from the start of `startsOn` to
 * the end of `endsOn`. No unit or category: every one.
 */
export const couponFields = z
  .object({
    code: z
      .string({ message: "Informe o código do cupom." })
      .overwrite(normalizeCouponCode)
      .min(3, { message: "O código deve ter de 3 a 30 caracteres." })
      .max(30, { message: "O código deve ter de 3 a 30 caracteres." })
      .regex(/^[A-Z0-9_-]+$/, { message: "Use só letras sem acento, números, hífen (-) ou sublinhado (_)." }),
    percentage: z
      .number({ message: PERCENTAGE_RANGE })
      .int({ message: PERCENTAGE_RANGE })
      .min(1, { message: PERCENTAGE_RANGE })
      .max(100, { message: PERCENTAGE_RANGE }),
    startsOn: calendarDate("Informe o primeiro dia de validade."),
    endsOn: calendarDate("Informe o último dia de validade."),
    maxUses: useLimit,
    maxUsesPerCustomer: useLimit,
    unitCodes: z
      .array(z.string().regex(/^\d{1,4}$/, { message: COUPON_ADMIN_MESSAGES.unknownUnit }))
      .max(MAX_COUPON_UNITS, { message: COUPON_ADMIN_MESSAGES.unknownUnit })
      .default([]),
    categoryIds: z.array(z.string().max(64)).max(200).default([]),
  })
  .refine((coupon) => coupon.endsOn >= coupon.startsOn, {
    path: ["endsOn"],
    message: "O último dia deve ser igual ou depois do primeiro.",
  });
export type CouponFields = z.output<typeof couponFields>;

/** How the list reads a coupon now. */
export const COUPON_STATES = ["ativo", "pausado", "agendado", "expirado", "esgotado"] as const;
export const COUPON_STATE_LABELS: Record<(typeof COUPON_STATES)[number], string> = {
  ativo: "Ativo",
  pausado: "Pausado",
  agendado: "Agendado",
  expirado: "Expirado",
  esgotado: "Esgotado",
};

export const gestorCoupon = z.object({
  id: z.string(),
  storeId: z.number(),
  code: z.string(),
  percentage: z.number(),
  /** First and last valid day in the store's time zone, "AAAA-MM-DD". */
  startsOn: z.string(),
  endsOn: z.string(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  paused: z.boolean(),
  state: z.enum(COUPON_STATES),
  /** Purchases holding it: paid, or still being paid (a declined, cancelled or refunded one gives it back). */
  uses: z.number(),
  unitCodes: z.array(z.string()),
  categoryIds: z.array(z.string()),
});
export type GestorCoupon = z.infer<typeof gestorCoupon>;

const couponReply = z.object({ coupon: gestorCoupon });
const couponPath = "/gestor/coupons/:couponId";

export const gestorCoupons = {
  /** Bearer (staff). The store's coupons, newest first; `q` finds a code. */
  list: endpoint({
    method: "GET",
    path: "/gestor/coupons",
    query: z.object({ storeId: storeIdField, page: pageField, q: z.string().trim().max(40).optional() }),
    reply: pageOf(gestorCoupon),
  }),
  /** Bearer (staff). What a coupon may be limited to: the store's categories (units: catalogue.listUnits). */
  options: endpoint({
    method: "GET",
    path: "/gestor/coupon-options",
    query: z.object({ storeId: storeIdField }),
    reply: z.object({ categories: z.array(z.object({ id: z.string(), title: z.string() })) }),
  }),
  /** Bearer (staff). One coupon and its uses, newest first. 404 when unknown. */
  get: endpoint({
    method: "GET",
    path: couponPath,
    query: z.object({ page: pageField }),
    reply: couponReply.extend({
      uses: pageOf(
        z.object({
          id: z.string(),
          at: z.string(),
          customerId: z.string(),
          customerName: z.string().nullable(),
          customerEmail: z.string().nullable(),
          saleId: z.string().nullable(),
          /** The sale's discount in centavos. */
          discountCents: z.number().nullable(),
        }),
      ),
    }),
  }),
  /** Bearer (admin). 409 when the code is taken (as the shop compares codes). Audited. */
  create: endpoint({
    method: "POST",
    path: "/gestor/coupons",
    body: z.intersection(couponFields, z.object({ storeId: storeIdField })),
    reply: couponReply,
  }),
  /** Bearer (admin). Every field at once. Audited with before and after. */
  update: endpoint({ method: "POST", path: couponPath, body: couponFields, reply: couponReply }),
  /** Bearer (admin). The shop stops offering and accepting it at once. Audited. */
  pause: endpoint({ method: "POST", path: `${couponPath}/pause`, reply: couponReply }),
  /** Bearer (admin). Audited. */
  resume: endpoint({ method: "POST", path: `${couponPath}/resume`, reply: couponReply }),
};
