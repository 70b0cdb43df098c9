import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { createContext, RouterContextProvider, ServerRouter, type EntryContext } from "react-router";
import { mercadoPagoPageSources, type PageSources } from "#api/payments/mercadopago/page-sources.ts";
import { catalogue } from "#api/contract/catalogue.ts";
import {
  bundledApiNotReadyReason,
  closeBundledApi,
  getBundledApi,
  prepareBundledDatabase,
} from "./.server/bundled-api.server.ts";
import { getEnv } from "./.server/env.server.ts";
import { requestLogFieldsContext, type RequestLogFields } from "./.server/request-log-fields.server.ts";
import { carryFromPageCache, type PageCacheCarry } from "./.server/request-context.server.ts";
import { getRootSecrets, secretKeptInDatabase } from "./.server/secrets.server.ts";
import { startProblems } from "./.server/start-checks.server.ts";
import { storeApiExtensions } from "./.server/store-api/extensions.server.ts";
import { getStaffToken } from "#app/features/gestor/staff-session.server.ts";

export const streamTimeout = 5_000;

/** What server.js needs to know to listen; prepareStore returns it. */
export interface ServerSettings {
  host: string;
  port: number;
  trustProxy: false | number | string[];
  /** The store is served over HTTPS (PUBLIC_URL): HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Origins the acquirer's browser SDK and hosted page need in the CSP (none with the sandbox). */
  pageSources: Partial<PageSources>;
}

/**
 * Called by server.js before it listens: configuration and secrets checked, database
 * migrated and seeded. A setting that would be a mistake stops the start with one line each.
 * The primary of several workers (server/cluster.ts) only migrates and seeds, once, and runs
 * no jobs: each worker then opens the database as a lone server does (0034-operations.md).
 */
export async function prepareStore(role: "server" | "primary" = "server"): Promise<ServerSettings> {
  const env = getEnv();
  // On PostgreSQL without SESSION_SECRET the secret is the database's, read by the bundled API (0035).
  if (!secretKeptInDatabase(env)) getRootSecrets();
  const problems = startProblems(env);
  if (problems.length > 0) throw new Error(`Configuração inválida:\n${problems.join("\n")}`);
  if (!env.STORE_API_URL) await (role === "primary" ? prepareBundledDatabase() : getBundledApi());
  // A worker or a lone server has the secret now; the primary serves no request and needs none.
  if (role === "server") getRootSecrets();
  // Which calls beyond spec §7 the store API has, logged once (0026).
  await storeApiExtensions();
  return {
    host: env.HOST,
    port: env.PORT,
    trustProxy: env.trustProxy,
    https: env.publicUrl.startsWith("https://"),
    pageSources:
      env.mercadoPago && !env.STORE_API_URL
        ? mercadoPagoPageSources(env.mercadoPago.apiUrl, env.mercadoPago.sdkUrl)
        : {},
  };
}

const READINESS_TIMEOUT_MS = 2_000;

/**
 * /readyz (server/health.ts): null when the store can take shoppers, else a short reason. With
 * STORE_API_URL, that API answers spec §7's payment methods; otherwise the bundled API's
 * database answers and is migrated.
 */
export async function storeNotReadyReason(): Promise<string | null> {
  const { STORE_API_URL } = getEnv();
  if (!STORE_API_URL) return bundledApiNotReadyReason();
  try {
    const url = `${STORE_API_URL.replace(/\/+$/, "")}${catalogue.listPaymentMethods.path}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok ? null : `API da loja respondeu ${response.status}`;
  } catch {
    return "API da loja inacessível";
  }
}

/** Graceful shutdown, once the last request is answered: periodic jobs stopped, database closed. */
export const closeStore = closeBundledApi;

/**
 * Whether a request's cookies hold a gestor session this store signed: server.js lets a catálogo
 * upload past 100 KB only then, before reading its body (server/security.ts bodyLimit).
 */
export async function carriesStaffSession(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false;
  return (await getStaffToken(new Request("http://loja.local/", { headers: { cookie } }))) !== null;
}

/** The Content-Security-Policy nonce server.js made for this request (its helmet policy names it). */
const cspNonceContext = createContext<string | undefined>(undefined);

/**
 * The load context server.js gives each request: its CSP nonce, where to note the request log's
 * fields, and what the page cache hands to the render (`carry`, server code only: a template's
 * placeholder shopper, a cart read's removals; docs/decisions/0084).
 */
export function loadContextFor(
  cspNonce: string,
  logFields?: RequestLogFields,
  carry?: PageCacheCarry,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  context.set(requestLogFieldsContext, logFields ?? null);
  if (carry) carryFromPageCache(context, carry);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // React Router puts it on its inline and module scripts and its modulepreload links.
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce,
      // React outlines large Suspense boundaries into script-revealed chunks; keep them inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Always the whole document: loaders have all the data before rendering, and a
      // streamed Suspense boundary (the lazy account modal) needs JavaScript to appear.
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        setDocumentHeaders(responseHeaders);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The security headers of every response (CSP, HSTS, nosniff…) are server.js's, for assets and /api too. */
function setDocumentHeaders(headers: Headers) {
  // Lets the listing pick its page size from the real viewport on later requests.
  headers.set("Accept-CH", "Sec-CH-Viewport-Width, Sec-CH-UA-Mobile");
}

/** The anonymous page cache's view of the storefront (server/page-cache, decision 0036). */
export { pageCacheHooks } from "./.server/page-cache.server.ts";
