import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { createContext, RouterContextProvider, ServerRouter, type EntryContext } from "react-router";
import { mercadoPagoPageSources, type PageSources } from "#api/payments/mercadopago/page-sources.ts";
import { getBundledApi } from "./.server/bundled-api.server.ts";
import { getEnv } from "./.server/env.server.ts";
import { getRootSecrets } from "./.server/secrets.server.ts";
import { startProblems } from "./.server/start-checks.server.ts";
import { storeApiExtensions } from "./.server/store-api/extensions.server.ts";

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
 */
export async function prepareStore(): Promise<ServerSettings> {
  const env = getEnv();
  getRootSecrets();
  const problems = startProblems(env);
  if (problems.length > 0) throw new Error(`Configuração inválida:\n${problems.join("\n")}`);
  if (!env.STORE_API_URL) await getBundledApi();
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

/** The Content-Security-Policy nonce server.js made for this request (its helmet policy names it). */
const cspNonceContext = createContext<string | undefined>(undefined);

/** The load context server.js gives each request: its CSP nonce. */
export function loadContextFor(cspNonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
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
