/**
 * Spec §8's "Alguns itens foram removidos do carrinho pelo gestor." reaches the customer on a
 * page, whatever read of the cart first reported the removal (docs/decisions/0007, "The
 * gestor's removals reach the customer").
 *
 * Every cart reply of a request is collected (the store-API client's onItemsRemoved), whichever
 * call made it: a cart change, a payment, /compra's own read beside the root's. What no page
 * showed is kept in a signed cookie of the customer's, because spec §7's API may report a
 * removal only once. The root loader shows what is kept plus what this request read; once that
 * page is really sent (not a redirect, not an error page), the notice is acknowledged: the
 * cookie forgets it and the bundled API is told, so its replies stop listing it.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { RemovedCartItem } from "#api/contract/carts.ts";
import { currentCustomer, isShopPage, itemsRemovedSoFar, storeApi } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import type { ToastView } from "#app/ui/toaster.tsx";
import type { SignedCookie } from "#app/.server/signed-cookie.server.ts";
import { storeCookie } from "#app/.server/store-cookie.server.ts";

/** Spec §8. */
export const ITEMS_REMOVED_WARNING = "Alguns itens foram removidos do carrinho pelo gestor.";

/** A cookie stays small: a notice names a few products. */
const MAX_KEPT = 20;
const MAX_TITLE = 120;
/** A customer who does not come back for a week is told by the cart itself. */
const KEPT_FOR_SECONDS = 7 * 24 * 60 * 60;

interface KeptNotice {
  /** The customer the removals are of: another account on this browser is not told. */
  customerId: string;
  items: RemovedCartItem[];
}

interface NoticeState {
  kept: RemovedCartItem[];
  /** Whether the browser holds a cookie to rewrite or clear. */
  hadCookie: boolean;
  /** What the root loader put on the page, if it ran. */
  shown: RemovedCartItem[] | null;
}

const noticeContext = createContext<NoticeState | null>(null);

let cookie: SignedCookie | undefined;

function noticeCookie() {
  cookie ??= storeCookie("loja_removidos", "removals", { maxAge: KEPT_FOR_SECONDS });
  return cookie;
}

/** One entry per removal: the bundled API's id, or (spec §7's API sends none) the product. */
const keyOf = (item: RemovedCartItem) => item.id ?? `${item.itemTOTVSId}:${item.title}`;

function distinct(items: readonly RemovedCartItem[]): RemovedCartItem[] {
  const byKey = new Map<string, RemovedCartItem>();
  for (const item of items) if (!byKey.has(keyOf(item))) byKey.set(keyOf(item), item);
  return [...byKey.values()];
}

function isKeptNotice(value: unknown): value is KeptNotice {
  const notice = value as KeptNotice | null;
  return typeof notice?.customerId === "string" && Array.isArray(notice.items);
}

/**
 * Whether the customer got a page with the root's data: a 200 page or a client navigation's
 * data, or a form sent back with its errors (without JavaScript, 4xx pages render whole).
 * A redirect or an error page showed nothing, so the notice waits for the next page; nor did a
 * HEAD request (a link checker, a monitor), whose 200 carries no page.
 */
function pageWasShown(request: Request, response: Response): boolean {
  if (request.method === "HEAD") return false;
  if (response.status === 200) return true;
  const formReply = request.method === "POST" && !new URL(request.url).pathname.endsWith(".data");
  return formReply && response.status >= 400 && response.status < 500 && response.status !== 404;
}

/** The notice for the root loader to show (and mark as shown), or null. */
export function removalNotice(context: Readonly<RouterContextProvider>): ToastView | null {
  const state = context.get(noticeContext);
  if (!state || !currentCustomer(context)) return null;
  const pending = distinct([...state.kept, ...itemsRemovedSoFar(context)]);
  if (pending.length === 0) return null;
  state.shown = pending;
  const titles = [...new Set(pending.map((item) => item.title))];
  return {
    type: "warning",
    message: ITEMS_REMOVED_WARNING,
    description: `${titles.length === 1 ? "Item removido" : "Itens removidos"}: ${titles.join(", ")}.`,
  };
}

/** Tells the store API the notice was seen; spec §7's API has no such call and answers 404. */
async function acknowledge(context: Readonly<RouterContextProvider>, customerId: string, shown: RemovedCartItem[]) {
  const ids = shown.flatMap((item) => (item.id ? [item.id] : []));
  if (ids.length === 0) return;
  try {
    await storeApi(context).acknowledgeRemovedItems(customerId, ids);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    // The notice shows again on the next page: better twice than never.
    if (error.status !== 404) console.error("[carrinho] aviso de remoção não confirmado:", error.message);
  }
}

/** Keeps what no page showed, and acknowledges what one did (see the header). */
export const removalNoticeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const current = isShopPage(request) ? currentCustomer(context) : null;
  if (!current) return next();
  const stored: unknown = await noticeCookie().parse(request.headers.get("cookie"));
  const own = isKeptNotice(stored) && stored.customerId === current.customer.id;
  const state: NoticeState = { kept: own ? stored.items : [], hadCookie: stored !== null, shown: null };
  context.set(noticeContext, state);

  const response = await next();
  const seen = distinct([...state.kept, ...itemsRemovedSoFar(context)]);
  const shown = state.shown && pageWasShown(request, response) ? state.shown : [];
  if (shown.length > 0) await acknowledge(context, current.customer.id, shown);
  const shownKeys = new Set(shown.map(keyOf));
  const remaining = seen.filter((item) => !shownKeys.has(keyOf(item))).slice(-MAX_KEPT);
  const unchanged = own && remaining.map(keyOf).join("\n") === state.kept.map(keyOf).join("\n");
  if (unchanged || (remaining.length === 0 && !state.hadCookie)) return response;
  const value: KeptNotice | "" =
    remaining.length > 0
      ? {
          customerId: current.customer.id,
          items: remaining.map((item) => ({ ...item, title: item.title.slice(0, MAX_TITLE) })),
        }
      : "";
  response.headers.append(
    "set-cookie",
    await noticeCookie().serialize(value, remaining.length > 0 ? {} : { maxAge: 0 }),
  );
  return response;
};
