import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieName } from "./cookie-names.server.ts";
import { secretsFor } from "./secrets.server.ts";
import { getEnv } from "./env.server.ts";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

/** Toasts travel in a signed flash cookie, so they show after a redirect without JavaScript. */
export function toasts() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: cookieName("loja_toast"),
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: getEnv().cookieSecure,
        secrets: secretsFor("toast"),
      },
    }),
  );
  return utils;
}
