import type { NextFunction, Request, Response } from "express";

/** Path segments that are secrets: whoever reads them can open the page (or reset the password). */
const SECRET_AFTER = /\/(resetar-senha|reset-password|boleto|comprovantePublico)\/[^?#]*/gi;
/**
 * Ids and tokens anywhere else in a path: customer, sale and cart ids are nobody's business in
 * a log. A token is a long segment with a digit in it (the API's own path words have none).
 */
const ID_OR_TOKEN =
  /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{24,})(?=\/|\.data|$)/gi;

/**
 * What the request log writes of a URL: the path with secrets and ids replaced by "…", and
 * never the query string (a search, an e-mail in a link, a return path).
 */
export function redactedUrl(originalUrl: string): string {
  const queryAt = originalUrl.search(/[?#]/);
  const path = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  const redacted = path.replace(SECRET_AFTER, "/$1/…").replace(ID_OR_TOKEN, "/…");
  return queryAt === -1 ? redacted : `${redacted}?…`;
}

/** One line per request: method, redacted URL, status and time. */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${redactedUrl(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)} ms`);
  });
  next();
}

/**
 * Express's last handler: what a client got wrong (a bad URL escape, a malformed request)
 * is a one-line warning and a short Portuguese answer; only a real failure logs its stack.
 */
export function httpErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const status = httpStatusOf(error);
  if (status < 500) {
    // The error's name, not its message: a decoding error quotes the URL, secrets and all.
    const reason = error instanceof Error ? error.name : typeof error;
    console.warn(`[http] ${status} ${req.method} ${redactedUrl(req.originalUrl)}: ${reason}`);
    res.status(status).type("text/plain; charset=utf-8").send("Requisição inválida.");
    return;
  }
  console.error(`[http] ${req.method} ${redactedUrl(req.originalUrl)}`, error);
  res.status(500).type("text/plain; charset=utf-8").send("Erro interno no servidor. Tente novamente em instantes.");
}

function httpStatusOf(error: unknown): number {
  const status = typeof error === "object" && error !== null ? ((error as { status?: unknown }).status ?? 500) : 500;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
