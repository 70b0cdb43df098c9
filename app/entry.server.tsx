import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { getBundledApi } from "./.server/bundled-api.server.ts";
import { getEnv } from "./.server/env.server.ts";

export const streamTimeout = 5_000;

/** Called by server.js before it listens: configuration checked, database migrated and seeded. */
export async function prepareStore(): Promise<void> {
  const env = getEnv();
  if (!env.STORE_API_URL) await getBundledApi();
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
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

function setDocumentHeaders(headers: Headers) {
  // Lets the listing pick its page size from the real viewport on later requests.
  headers.set("Accept-CH", "Sec-CH-Viewport-Width, Sec-CH-UA-Mobile");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  // A route may set a stricter policy (the password-reset page does).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
