import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "./contract/endpoint.ts";

/** An error the API answers as-is: { error: { message } } with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message: string) => new ApiError(404, message);
export const badRequest = (message: string) => new ApiError(400, message);

export function errorBody(message: string): ApiErrorBody {
  return { error: { message } };
}

/** Hono's onError: known errors keep their status; anything else is a 500 without details. */
export function handleApiError(error: Error, c: Context) {
  if (error instanceof ApiError) return c.json(errorBody(error.message), error.status);
  console.error("[api] erro inesperado", c.req.method, c.req.path, error);
  return c.json(errorBody("Erro interno no servidor. Tente novamente em instantes."), 500);
}
