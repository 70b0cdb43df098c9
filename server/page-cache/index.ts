import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageCacheHooks } from "../../app/.server/page-cache.server.ts";
import type { LoggedInSlot, PlaceholderShopper } from "../../app/.server/logged-in-page.server.ts";
import type { PageCacheCarry } from "../../app/.server/request-context.server.ts";
import { ByteLru } from "../../app/.server/byte-lru.server.ts";
import { gzipBody, plainBody } from "./gzip-template.ts";
import { pageTemplate, splitPage, type PageTemplate, type SlotName } from "./page-template.ts";
import { acceptsGzip, pageCacheSettings, type PageCacheSettings } from "./settings.ts";

/**
 * The page cache (docs/decisions/0036-page-cache.md): a catalogue page asked for by a visitor
 * the store does not know yet (no session, guest cart, toast or other store cookie) is rendered
 * once, with placeholders where the visitor's CSRF token and the response's CSP nonce go, and
 * then served from memory with this visitor's own token and this response's nonce.
 *
 * A logged-in parent's page (only the session cookie, no URL state of their own) is the same
 * page rendered once per shape with a placeholder shopper, and filled per response with the
 * parent's name, e-mail, avatar, cart count and total and their data string (decision 0084).
 * Anything else goes on to React Router as before.
 */

/**
 * The pages whose anonymous render is the same for every visitor (spec §2): home, listings,
 * product, search, FAQ, privacy, the material lists (issue 29).
 */
const CACHED_PATHS = /^\/(?:|categoria\/[^/]+|produto\/[^/]+\/[^/]+|busca|faq|privacidade|listas-de-material)$/;
/** Requests that may change the catalogue on this server: the gestor's forms and store-API calls. */
const MAY_CHANGE_CATALOGUE = /^\/(?:gestor|api)(?:\/|$)/;
/** The request headers a render reads besides the URL and the cookie (listing page size, decision 0003). */
const RENDER_HEADERS = ["user-agent", "sec-ch-viewport-width", "sec-ch-ua-mobile", "accept", "accept-language"];
/** The response headers a cached page must not repeat: per response, or set here. */
const PER_RESPONSE_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "cache-control",
]);
const VARY = "Accept-Encoding, Cookie, Sec-CH-Viewport-Width, Sec-CH-UA-Mobile";

type Slot = SlotName | LoggedInSlot;

interface Entry {
  /** Null: this URL is not cacheable (not a 200 page, a cookie set); React Router answers it. */
  page: { template: PageTemplate<Slot>; headers: [string, string][] } | null;
  version: number | null;
  expiresAt: number;
  /**
   * A page that shows live stock (decision 0087): what it shows (LIVE_RENDER_HEADER's value) and
   * its stock as read before the render, the page served while a read now says the same. A null
   * snapshot (the first render, or one a sale raced): not kept this time; the next render reads
   * the stock first.
   */
  live?: { of: string; snapshot: string | null };
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(";").map((pair) => pair.slice(0, pair.includes("=") ? pair.indexOf("=") : undefined).trim());
}

/** The request's headers as `Headers.get` reads them, without copying them (a hit must stay cheap). */
function requestHeaders(req: Request): Pick<Headers, "get"> {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      return typeof value === "string" ? value : null;
    },
  };
}

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

function renderHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const name of RENDER_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

export function pageCache(build: ServerBuild, settings: PageCacheSettings = pageCacheSettings()) {
  const entryModule = build.entry.module as typeof build.entry.module & {
    pageCacheHooks: PageCacheHooks;
    loadContextFor: (nonce: string, logFields?: undefined, carry?: PageCacheCarry) => RouterContextProvider;
  };
  const hooks = entryModule.pageCacheHooks;
  const renderPage = createRequestHandler(build, process.env.NODE_ENV);
  // Per process and random, so no page can contain them by chance or by a visitor's choice.
  const placeholders: Record<SlotName, string> = {
    csrf: randomBytes(32).toString("base64url"),
    nonce: randomBytes(18).toString("base64url"),
  };
  const placeholderCookie = hooks.csrfCookieHeader(placeholders.csrf);
  const cache = new ByteLru<Entry>(settings.maxBytes);
  const rendering = new Map<string, Promise<Entry>>();
  // Two made-up shoppers per shape, for the life of the process: the template is the first's
  // render, and the second's must cut into the same text around the same slots.
  const shoppers = new Map<string, [PlaceholderShopper, PlaceholderShopper]>();
  const shoppersOf = (shape: string) => {
    let pair = shoppers.get(shape);
    if (!pair)
      shoppers.set(
        shape,
        (pair = [hooks.placeholderShopper(shape, "plain"), hooks.placeholderShopper(shape, "unlike")]),
      );
    return pair;
  };
  const allPlaceholders = (shopper: PlaceholderShopper): Record<Slot, string> => ({
    ...placeholders,
    ...shopper.placeholders,
  });
  const variableSlots = new Set<Slot>(hooks.loggedInSlots);

  /**
   * A page's HTML as React Router renders it for a visitor, or for a placeholder shopper, and
   * what live it shows (null: nothing); null: not to be kept.
   */
  async function renderHtml(req: Request, url: string, shopper: PlaceholderShopper | null) {
    const headers = renderHeaders(req);
    headers.set("cookie", placeholderCookie);
    headers.set("x-client-address", clientAddress(req));
    const carry: PageCacheCarry | undefined = shopper ? { templateShopper: shopper.data } : undefined;
    const response = await renderPage(
      new Request(url, { headers }),
      entryModule.loadContextFor(placeholders.nonce, undefined, carry),
    );
    const html = response.headers.get("content-type")?.startsWith("text/html") ? await response.text() : null;
    // A page that sets a cookie (beyond the CSRF one it already has) is someone's: never shared.
    if (response.status !== 200 || response.headers.has("set-cookie") || html === null) {
      if (!response.bodyUsed) await response.body?.cancel();
      return null;
    }
    return {
      html,
      headers: [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name)),
      live: hooks.liveOf(response.headers),
    };
  }

  /**
   * Whether everything a shopper changes on the page is in a slot: the second placeholder
   * shopper's render cuts into the same text around the same slots as the first's. A page that
   * derived something else from the shopper (an initial, a length, a plural) is not shared.
   */
  function sameForEveryShopper(first: string, second: string, pair: [PlaceholderShopper, PlaceholderShopper]) {
    const a = splitPage(first, allPlaceholders(pair[0]));
    const b = splitPage(second, allPlaceholders(pair[1]));
    return a.slots.join() === b.slots.join() && a.statics.every((text, index) => text === b.statics[index]);
  }

  /**
   * Renders `url` for the cache. `knownLive`: what the page showed live last time, whose stock
   * is read before the render and again after it: the page is kept only when both reads agree
   * and the render names the same items, so no sale landed between what it shows and its
   * snapshot (decision 0087).
   */
  async function renderEntry(
    req: Request,
    url: string,
    version: number | null,
    shape: string | null,
    knownLive: string | null,
  ): Promise<Entry> {
    const expiresAt = Date.now() + settings.ttlMs;
    const before = knownLive === null ? null : await hooks.liveSnapshot(knownLive);
    const pair = shape === null ? null : shoppersOf(shape);
    const rendered = await renderHtml(req, url, pair?.[0] ?? null);
    if (!rendered) return { page: null, version, expiresAt };
    if (pair) {
      const again = await renderHtml(req, url, pair[1]);
      if (!again || !sameForEveryShopper(rendered.html, again.html, pair)) {
        console.warn(
          `[cache de páginas] ${new URL(url).pathname} logado não é igual para todos: renderizada a cada pedido`,
        );
        return { page: null, version, expiresAt };
      }
    }
    if (rendered.live !== null) {
      const after = rendered.live === knownLive && before !== null ? await hooks.liveSnapshot(rendered.live) : null;
      if (after === null || after !== before) {
        // Its stock cannot be read here (another server's store API): rendered each time, as before 0087.
        if (knownLive === null && (await hooks.liveSnapshot(rendered.live)) === null)
          return { page: null, version, expiresAt };
        return { page: null, version, expiresAt, live: { of: rendered.live, snapshot: null } };
      }
    }
    const template: PageTemplate<Slot> | null = pair
      ? pageTemplate<Slot>(rendered.html, allPlaceholders(pair[0]), variableSlots)
      : pageTemplate(rendered.html, placeholders);
    return {
      page: template && { template, headers: rendered.headers },
      version,
      expiresAt,
      ...(rendered.live === null ? {} : { live: { of: rendered.live, snapshot: before } }),
    };
  }

  /**
   * A page logged-in parents do not share (live stock, or not the same for every shopper), noted
   * for as long as an entry lives: its requests go to React Router without reading the cart first,
   * which the render reads again.
   */
  const unsharedKey = (page: string) => `L- ${page}`;
  async function knownUnshared(page: string): Promise<boolean> {
    const mark = cache.get(unsharedKey(page));
    return Boolean(mark && mark.expiresAt > Date.now() && mark.version === (await hooks.catalogueVersion()));
  }
  function noteUnshared(page: string, entry: Entry) {
    cache.set(unsharedKey(page), entry, page.length + 200);
  }

  /** Whether `entry` still shows the catalogue of `version` and, a live page, the stock there is now. */
  async function stillShows(entry: Entry, version: number | null): Promise<boolean> {
    if (entry.version !== version || entry.expiresAt <= Date.now()) return false;
    if (!entry.live) return true;
    return entry.page !== null && (await hooks.liveSnapshot(entry.live.of)) === entry.live.snapshot;
  }

  /** The entry for `key`, and whether this request rendered it; `shape`: a logged-in page's (null: a visitor's). */
  async function entryFor(req: Request, key: string, url: string, shape: string | null): Promise<[Entry, boolean]> {
    const version = await hooks.catalogueVersion();
    const cached = cache.get(key);
    if (cached && (await stillShows(cached, version))) return [cached, false];
    // Many visitors asking for one stale page wait for one render.
    const pending = rendering.get(key);
    if (pending) return [await pending, false];
    const render = renderEntry(req, url, version, shape, cached?.live?.of ?? null).finally(() => rendering.delete(key));
    rendering.set(key, render);
    const entry = await render;
    cache.set(key, entry, key.length + (entry.page?.template.gzip.bytes ?? 0) + 200);
    return [entry, true];
  }

  return async function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        if (MAY_CHANGE_CATALOGUE.test(req.path)) res.once("finish", hooks.catalogueMayHaveChanged);
        return next();
      }
      const nonce = res.locals.cspNonce;
      if (
        settings.maxBytes === 0 ||
        !CACHED_PATHS.test(req.path) ||
        typeof nonce !== "string" ||
        nonce.length !== placeholders.nonce.length
      )
        return next();
      const url = `http://localhost${req.originalUrl}`;
      const parsed = new URL(url);
      const storeCookies = cookieNames(req.headers.cookie).filter(hooks.isVisitorStateCookie);
      let personal: Partial<Record<LoggedInSlot, string>> = {};
      let shape: string | null = null;
      // The page as every shopper asks for it: the listing's page size and the URL.
      const page = `${hooks.variantOf(parsed, requestHeaders(req))} ${req.originalUrl}`;
      if (storeCookies.length > 0) {
        // A logged-in parent: only their session, and no URL state of their own (decision 0084).
        if (
          !settings.loggedIn ||
          !storeCookies.every(hooks.isSessionCookie) ||
          !hooks.sharedWithEveryShopper(parsed.searchParams) ||
          (await knownUnshared(page))
        )
          return next();
        const shopper = await hooks.loggedInShopper(req.headers.cookie ?? "", clientAddress(req));
        if ("render" in shopper) {
          if (shopper.itemsRemovedEarlier)
            res.locals.pageCacheCarry = { itemsRemovedEarlier: shopper.itemsRemovedEarlier };
          return next();
        }
        // The request log names the customer, as React Router's render would (request-log-fields.server.ts).
        if (res.locals.logFields && shopper.data.customer) res.locals.logFields.customerId = shopper.data.customer.id;
        shape = hooks.shapeOf(shopper.data);
        personal = hooks.slotValues(shopper.data, shopper.personal);
      }
      // A visitor's page and each shape of a logged-in one are entries of their own.
      const key = shape === null ? `V ${page}` : `L${shape} ${page}`;
      const [entry, rendered] = await entryFor(req, key, url, shape);
      if (!entry.page) {
        // A live page a sale raced is tried again at the next request, not set aside.
        if (shape !== null && !entry.live) noteUnshared(page, entry);
        return next();
      }
      const [token, setCookie] = hooks.csrfFor(req.headers.cookie ?? null);
      const values = entry.page.template.kinds.map((kind) =>
        Buffer.from(kind === "csrf" ? token : kind === "nonce" ? nonce : (personal[kind] ?? "")),
      );
      const gzip = acceptsGzip(req.headers["accept-encoding"]);
      const body = gzip ? gzipBody(entry.page.template.gzip, values) : plainBody(entry.page.template.gzip, values);
      for (const [name, value] of entry.page.headers) res.setHeader(name, value);
      // The page carries this visitor's CSRF token: no shared cache may keep it (cache-control.server.ts).
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Vary", VARY);
      if (setCookie) res.setHeader("Set-Cookie", setCookie);
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.setHeader("X-Page-Cache", rendered ? "miss" : "hit");
      res.statusCode = 200;
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
