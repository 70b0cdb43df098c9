import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { randomToken } from "../app/.server/random-token.server.ts";

/** The most a form or JSON body may weigh: the largest form of the store is under 5 KB. */
export const MAX_BODY_BYTES = 100 * 1024;
export const BODY_TOO_LARGE = "O envio é grande demais (máximo de 100 KB). Revise os dados e tente novamente.";
/**
 * The gestor's catálogo pages take a product image or a CSV (docs/decisions/0032): their
 * actions refuse a file over 2 MB with a message on the form, so the server lets a larger
 * body reach them (a phone's photo) and stops only what no form sends.
 */
export const UPLOAD_MAX_BODY_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "O arquivo é grande demais (máximo de 20 MB). Revise o arquivo e tente novamente.";
// The roster's import page (issue 27) takes a whole network's CSV: up to 12 MB, refused past that
// with a message by its action.
const UPLOAD_PATHS = /^\/gestor\/(catalogo\/|alunos\/importar$)/;
export const LENGTH_REQUIRED = "Envio sem tamanho declarado (Content-Length) não é aceito.";

declare module "express-serve-static-core" {
  interface Locals {
    /** The Content-Security-Policy nonce of this response; React Router puts it on its scripts. */
    cspNonce: string;
  }
}

/** A fresh nonce per response, for the CSP header and the page's scripts (entry.server.tsx). */
export function makeCspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomToken(16, "base64");
  next();
}

/**
 * The security headers of every response, assets and /api included (OWASP ASVS V3.4):
 * - script-src: only scripts carrying this response's nonce, and what they load
 *   ('strict-dynamic': the route modules React Router imports); no inline handlers, no eval;
 * - style-src allows inline style attributes (React's `style` prop); styles cannot run code;
 * - frame-ancestors 'none' (and X-Frame-Options for old browsers): no clickjacking;
 * - form-action 'self': a form can only post (or be redirected) to the store;
 * - frame-src 'self': no third-party frames;
 * - an acquirer whose browser SDK or hosted page the store uses adds its origins to these
 *   through `extraSources` (api/payments/mercadopago/page-sources.ts), and only then;
 * - HSTS and upgrade-insecure-requests only when the store is served over HTTPS (PUBLIC_URL),
 *   so a demo on http://localhost keeps working;
 * - Referrer-Policy same-origin: decision note 0006.
 */
export function securityHeaders({
  https,
  extraSources = {},
}: {
  https: boolean;
  extraSources?: Partial<Record<"form-action" | "script-src" | "connect-src" | "frame-src" | "img-src", string[]>>;
}) {
  const extra = (directive: keyof typeof extraSources) => extraSources[directive] ?? [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          "'strict-dynamic'",
          ...extra("script-src"),
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...extra("img-src")],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...extra("connect-src")],
        "frame-src": ["'self'", ...extra("frame-src")],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'", ...extra("form-action")],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}

/** Browser features the store never uses, off for every page and anything it embeds. */
export function permissionsPolicy(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  next();
}

/**
 * Refuses a body over MAX_BODY_BYTES before anything reads it: the declared length is
 * checked, and a body without one (chunked) is refused, since no form of a browser and no
 * call of the store-API client sends one. Node's HTTP parser holds the client to the length
 * it declared, so nothing larger can slip in behind it. The connection is closed after the
 * reply, so the unread body is never received.
 *
 * The catálogo's uploads may be larger, but only from a browser with a gestor session:
 * `carriesStaffSession` checks the signed session cookie (no database call) before a byte of the
 * body is read, so a visitor's 20 MB is refused at the door instead of being parsed for the CSRF
 * check to refuse (issue 25, point 18). Whether that session is still live, its role and the
 * CSRF token are the route's to check, as for every gestor form.
 */
export function bodyLimit({
  carriesStaffSession,
}: {
  carriesStaffSession: (cookie: string | undefined) => Promise<boolean>;
}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) return next();
    const refuse = (status: number, message: string) => {
      res.setHeader("Connection", "close");
      if (req.path.startsWith("/api/")) res.status(status).json({ error: { message } });
      else res.status(status).type("text/plain; charset=utf-8").send(message);
    };
    if (declared === undefined) return refuse(411, LENGTH_REQUIRED);
    if (!/^\d+$/.test(declared)) return refuse(413, BODY_TOO_LARGE);
    const length = Number(declared);
    if (length <= MAX_BODY_BYTES) return next();
    const upload = UPLOAD_PATHS.test(req.path) && (await carriesStaffSession(req.headers.cookie));
    if (!upload) return refuse(413, BODY_TOO_LARGE);
    // The staff member is told the upload's own limit, not the forms' 100 KB.
    if (length > UPLOAD_MAX_BODY_BYTES) return refuse(413, UPLOAD_TOO_LARGE);
    next();
  };
}
