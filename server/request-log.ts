import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { HEALTH_PATHS } from "./health.ts";

/** Path segments that are secrets: whoever reads them can open the page (or reset the password). */
const SECRET_AFTER = /\/(resetar-senha|reset-password|boleto|comprovantePublico)\/[^?#]*/gi;
/**
 * Ids and tokens anywhere else in a path: customer, sale and cart ids are nobody's business in
 * a log. A token is a long segment with a digit in it (the API's own path words have none).
 */
const ID_OR_TOKEN =
  /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{24,})(?=\/|\.data|$)/gi;

/** A query parameter's name worth keeping: a plain word (a name made of anything else could be data). */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,40}$/;

/**
 * What the request log writes of a URL: the path with secrets and ids replaced by "…", and of
 * the query string only the parameters' names, never a value (a search, an e-mail in a link,
 * a return path, a token, a code, a password).
 */
export function redactedUrl(originalUrl: string): string {
  const queryAt = originalUrl.search(/[?#]/);
  const path = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  const redacted = path.replace(SECRET_AFTER, "/$1/…").replace(ID_OR_TOKEN, "/…");
  if (queryAt === -1) return redacted;
  const query = originalUrl.slice(queryAt + 1).split("#")[0] ?? "";
  const names = query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return `${PLAIN_NAME.test(name) ? name : "…"}${value.length > 0 ? "=…" : ""}`;
    });
  return names.length > 0 ? `${redacted}?${names.join("&")}` : redacted;
}

/** An X-Request-Id a proxy or client sent is kept when it is a plain token; anything else gets a new one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,100}$/;

export function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** What the storefront notes about a request for its log line (app/.server/request-log-fields.server.ts). */
export interface ResponseLocals {
  requestId: string;
  logFields: { customerId?: string };
}

/**
 * Every request gets an id (X-Request-Id, sent back in the reply); with `perRequest`, one JSON
 * line once the reply is sent or the client gives up: id, method, redacted path, status, time and
 * the customer's id when the storefront knew it. The health probes' lines are at debug level:
 * probes call every few seconds.
 */
export function requestLog(logger: Logger, { perRequest }: { perRequest: boolean }) {
  return (req: Request, res: Response<unknown, ResponseLocals>, next: NextFunction) => {
    const requestId = requestIdOf(req.get("x-request-id"));
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;
    res.locals.logFields = {};
    if (perRequest) {
      const started = process.hrtime.bigint();
      res.once("close", () => {
        const path = redactedUrl(req.originalUrl);
        const line = {
          reqId: requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          ...(res.locals.logFields.customerId ? { customerId: res.locals.logFields.customerId } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        };
        const level = HEALTH_PATHS.has(req.path) ? "debug" : res.statusCode >= 500 ? "error" : "info";
        logger[level](line, `${req.method} ${path} ${res.statusCode}`);
      });
    }
    next();
  };
}

/**
 * Express's last handler: what a client got wrong (a bad URL escape, a malformed request)
 * is a one-line warning and a short Portuguese answer; only a real failure logs its stack.
 */
export function httpErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response<unknown, Partial<ResponseLocals>>, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = httpStatusOf(error);
    const where = { reqId: res.locals.requestId, method: req.method, path: redactedUrl(req.originalUrl) };
    if (status < 500) {
      // The error's name, not its message: a decoding error quotes the URL, secrets and all.
      const reason = error instanceof Error ? error.name : typeof error;
      logger.warn({ ...where, status, reason }, `[http] ${status} ${where.method} ${where.path}: ${reason}`);
      res.status(status).type("text/plain; charset=utf-8").send("Requisição inválida.");
      return;
    }
    logger.error({ ...where, err: error }, `[http] ${where.method} ${where.path}`);
    res.status(500).type("text/plain; charset=utf-8").send("Erro interno no servidor. Tente novamente em instantes.");
  };
}

function httpStatusOf(error: unknown): number {
  const status = typeof error === "object" && error !== null ? ((error as { status?: unknown }).status ?? 500) : 500;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
