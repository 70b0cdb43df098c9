import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieName } from "./cookie-names.server.ts";
import { storeCookie } from "./store-cookie.server.ts";

const TOAST_COOKIE = "loja_toast";

let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage({
    cookie: storeCookie(TOAST_COOKIE, "toast"),
  });
  return storage;
}

/** Toasts travel in a signed flash cookie, so they show after a redirect without JavaScript. */
export function toasts() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

/**
 * The toast waiting for this page, if any. Once read, the cookie is removed rather than kept
 * empty (remix-toast would set an empty one on every page): a store cookie marks a visitor the
 * page cache must not serve (docs/decisions/0036-page-cache.md), and an empty one would do so
 * for the rest of the visit.
 */
export async function readToast(request: Request) {
  const { toast } = await toasts().getToast(request);
  const cookieHeader = request.headers.get("cookie");
  const name = cookieName(TOAST_COOKIE);
  const sent = cookieHeader?.split(";").some((pair) => pair.trim().startsWith(`${name}=`)) ?? false;
  if (!sent) return { toast, headers: new Headers() };
  const cleared = await toastStorage().destroySession(await toastStorage().getSession(cookieHeader));
  return { toast, headers: new Headers({ "set-cookie": cleared }) };
}
