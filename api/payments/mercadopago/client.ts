/**
 * A small typed client over Mercado Pago's REST API (docs/decisions/0019-mercado-pago.md: the
 * official Node SDK cannot be pointed at another address, so tests could not use a double).
 * Each call has its own deadline. What may have happened at the acquirer when no answer came
 * (a timeout, a dropped connection, a 5xx, a reply that is not JSON) is a
 * GatewayUnavailableError: the caller must ask again, never assume. A 4xx is a
 * MercadoPagoRequestError: the acquirer read the request and refused it.
 * Errors never carry the request: not the access token, not the card token, not the payer.
 */
import { z } from "zod";
import { GatewayRefusedError, GatewayUnavailableError } from "../gateway.ts";

export const MERCADOPAGO_API_URL = "https://api.mercadopago.com";

export interface MercadoPagoClientOptions {
  accessToken: string;
  /** https://api.mercadopago.com, or a double's address in tests. */
  baseUrl: string;
  /** The longest any one call may take. */
  timeoutMs: number;
}

/** The acquirer refused a request (4xx): its status and Mercado Pago's error code, no request data. */
export class MercadoPagoRequestError extends GatewayRefusedError {
  override name = "MercadoPagoRequestError";
  readonly status: number;
  /** Mercado Pago's `error` code and `cause` codes (e.g. "bad_request 2006"). */
  readonly code: string;
  constructor(status: number, code: string, operation: string) {
    super(`O Mercado Pago recusou ${operation} (HTTP ${status}${code ? `, ${code}` : ""}).`);
    this.status = status;
    this.code = code;
  }
}

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

const payment = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  status_detail: nullish(z.string()),
  external_reference: nullish(z.string()),
  date_created: nullish(z.string()),
  date_of_expiration: nullish(z.string()),
  date_last_updated: nullish(z.string()),
  payment_method_id: nullish(z.string()),
  payment_type_id: nullish(z.string()),
  transaction_amount: nullish(z.number()),
  installments: nullish(z.number().int()),
  currency_id: nullish(z.string()),
  card: nullish(z.object({ last_four_digits: nullish(z.string()) })),
  barcode: nullish(z.object({ content: nullish(z.string()) })),
  transaction_details: nullish(
    z.object({
      external_resource_url: nullish(z.string()),
      digitable_line: nullish(z.string()),
      barcode: nullish(z.object({ content: nullish(z.string()) })),
    }),
  ),
  point_of_interaction: nullish(
    z.object({
      transaction_data: nullish(z.object({ qr_code: nullish(z.string()), ticket_url: nullish(z.string()) })),
    }),
  ),
});
export type MercadoPagoPayment = z.infer<typeof payment>;

const paymentSearch = z.object({ results: z.array(payment) });
const refund = z.object({ id: z.union([z.number(), z.string()]).transform(String), status: nullish(z.string()) });
const preference = z.object({ id: z.string(), init_point: z.string().url() });
/** GET /v1/payment_methods/installments: per method and issuer, the counts and their interest. */
const installmentOptions = z.array(
  z.object({
    payment_method_id: z.string(),
    payment_type_id: z.string(),
    issuer: nullish(z.object({ id: nullish(z.union([z.number(), z.string()])) })),
    payer_costs: z.array(z.object({ installments: z.number().int(), installment_rate: z.number() })),
  }),
);

/** POST /v1/payments body (the fields the store sends). */
export interface PaymentBody {
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  external_reference: string;
  installments?: number;
  token?: string;
  /** A number, as the official SDK types it (PaymentCreateData.issuer_id). */
  issuer_id?: number;
  notification_url?: string;
  date_of_expiration?: string;
  payer: {
    email: string;
    first_name: string;
    last_name: string;
    identification: { type: "CPF"; number: string };
    address?: {
      zip_code: string;
      street_name: string;
      street_number: string;
      neighborhood: string;
      city: string;
      federal_unit: string;
    };
  };
}

/** POST /checkout/preferences body (Checkout Pro: the acquirer's hosted page). */
export interface PreferenceBody {
  items: { id: string; title: string; quantity: 1; unit_price: number; currency_id: "BRL" }[];
  payer: { name: string; surname: string; email: string; identification: { type: "CPF"; number: string } };
  back_urls: { success: string; pending: string; failure: string };
  auto_return: "all";
  external_reference: string;
  notification_url?: string;
  payment_methods: { installments: number; default_installments: number; excluded_payment_types: { id: string }[] };
  /** The page takes payments only between these instants (Mercado Pago's date-time format). */
  expires: true;
  expiration_date_from: string;
  expiration_date_to: string;
}

export function createMercadoPagoClient({ accessToken, baseUrl, timeoutMs }: MercadoPagoClientOptions) {
  const base = baseUrl.replace(/\/+$/, "");

  async function call<T extends z.ZodType>(
    operation: string,
    reply: T,
    method: "GET" | "POST" | "PUT",
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.infer<T>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: "application/json",
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
          ...(options.idempotencyKey ? { "x-idempotency-key": options.idempotencyKey } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (error) {
      // Only the kind of failure: the cause of a fetch error can quote the request.
      const kind =
        error instanceof Error && error.name === "TimeoutError" ? `não respondeu em ${timeoutMs} ms` : "inacessível";
      throw new GatewayUnavailableError(`Mercado Pago ${kind} (${operation}).`);
    }
    // 409: the idempotency key's first request is still being processed there; unknown outcome.
    if (response.status >= 500 || response.status === 429 || response.status === 409) {
      throw new GatewayUnavailableError(`Mercado Pago indisponível (${operation}: HTTP ${response.status}).`);
    }
    const json = parseJson(text);
    if (response.status >= 400) throw new MercadoPagoRequestError(response.status, errorCode(json), operation);
    const parsed = reply.safeParse(json);
    if (!parsed.success) throw new GatewayUnavailableError(`Resposta inesperada do Mercado Pago (${operation}).`);
    return parsed.data;
  }

  return {
    createPayment: (body: PaymentBody, idempotencyKey: string) =>
      call("o pagamento", payment, "POST", "/v1/payments", { body, idempotencyKey }),
    getPayment: (id: string) =>
      call("a consulta do pagamento", payment, "GET", `/v1/payments/${encodeURIComponent(id)}`),
    /** The payments whose external_reference is this, newest first. */
    searchPayments: async (externalReference: string) => {
      const query = new URLSearchParams({
        external_reference: externalReference,
        sort: "date_created",
        criteria: "desc",
        limit: "50",
      });
      return (await call("a busca de pagamentos", paymentSearch, "GET", `/v1/payments/search?${query}`)).results;
    },
    /**
     * The whole amount back: the body is `{}` with no amount, as the official SDK's
     * PaymentRefund.total sends it (an amount would make it a partial refund).
     */
    refundPayment: (id: string, idempotencyKey: string) =>
      call("o estorno", refund, "POST", `/v1/payments/${encodeURIComponent(id)}/refunds`, { body: {}, idempotencyKey }),
    /**
     * A pending payment cancelled (documented for pending and in-process payments only), with an
     * idempotency key as the SDK sends on every write, so a retried cancel is one cancel.
     */
    cancelPayment: (id: string, idempotencyKey: string) =>
      call("o cancelamento", payment, "PUT", `/v1/payments/${encodeURIComponent(id)}`, {
        body: { status: "cancelled" },
        idempotencyKey,
      }),
    /**
     * The instalment options Mercado Pago allows for a method and issuer and this amount (in
     * reais), with each count's interest rate for the buyer (installment_rate; 0 is without).
     */
    getInstallments: (query: { amount: number; paymentMethodId: string; issuerId?: number }) => {
      const params = new URLSearchParams({
        amount: query.amount.toFixed(2),
        payment_method_id: query.paymentMethodId,
        ...(query.issuerId === undefined ? {} : { "issuer.id": String(query.issuerId) }),
      });
      return call("a consulta de parcelas", installmentOptions, "GET", `/v1/payment_methods/installments?${params}`);
    },
    createPreference: (body: PreferenceBody, idempotencyKey: string) =>
      call("a página de pagamento", preference, "POST", "/checkout/preferences", { body, idempotencyKey }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Mercado Pago's error code and its causes' numeric codes: never its free text, which may echo the request. */
function errorCode(json: unknown): string {
  const body = z
    .object({
      error: z
        .string()
        .regex(/^[a-z_]{1,60}$/)
        .optional()
        .catch(undefined),
      cause: z
        .array(z.object({ code: z.union([z.number(), z.string().regex(/^\d{1,6}$/)]) }).catch({ code: "" }))
        .optional()
        .catch(undefined),
    })
    .safeParse(json);
  if (!body.success) return "";
  return [body.data.error, ...(body.data.cause ?? []).map((cause) => String(cause.code)).filter(Boolean)]
    .filter(Boolean)
    .join(" ");
}
