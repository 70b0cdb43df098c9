import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { endpoints, matchEndpoint, type ApiErrorBody } from "./contract/index.ts";
import { gestorEndpoints } from "./contract/gestor/index.ts";
import { NoUnitsError } from "./gestor/staff/staff-scope.ts";

/**
 * An error the API answers as-is: { error: { message } } with its status, and `details` beside
 * the message where the contract declares more (the finish's ITEM_SOLD_OUT: api/contract/carts.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message: string) => new ApiError(404, message);
export const badRequest = (message: string) => new ApiError(400, message);

export const API_ERROR_MESSAGES = {
  notFound: "Recurso não encontrado.",
  internal: "Erro interno no servidor. Tente novamente em instantes.",
  /** A request Hono itself refused (a body it could not read, say), never a rule of ours. */
  badRequest: "Requisição inválida.",
} as const;

export function errorBody(message: string, details?: Readonly<Record<string, unknown>>): ApiErrorBody {
  return { error: { ...details, message } };
}

/**
 * The call as the log may show it: the contract's path pattern, never the concrete path,
 * which can hold a password-reset token or the secret id of a boleto or receipt.
 */
function callOf(c: Context): string {
  const declared =
    matchEndpoint(endpoints, c.req.method, c.req.path) ?? matchEndpoint(gestorEndpoints, c.req.method, c.req.path);
  return `${c.req.method} ${declared?.path ?? "(fora do contrato)"}`;
}

/**
 * Hono's onError. A client's mistake (ApiError, or a 4xx Hono raised) answers its status
 * and logs one warning line; anything else is a 500 without details, its stack logged.
 */
export function handleApiError(error: Error, c: Context) {
  const known: { status: ContentfulStatusCode; message: string; details?: ApiError["details"] } | null =
    error instanceof ApiError
      ? { status: error.status, message: error.message, details: error.details }
      : error instanceof NoUnitsError
        ? // A secretary without units reading unit records (decision 0061).
          { status: 403 as const, message: error.message }
        : error instanceof HTTPException && error.status < 500
          ? { status: error.status, message: API_ERROR_MESSAGES.badRequest }
          : null;
  if (known && known.status < 500) {
    console.warn(`[api] ${known.status} ${callOf(c)}: ${known.message}`);
    return c.json(errorBody(known.message, known.details), known.status);
  }
  if (known) return c.json(errorBody(known.message), known.status);
  console.error(`[api] erro inesperado em ${callOf(c)}`, error);
  return c.json(errorBody(API_ERROR_MESSAGES.internal), 500);
}
