import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getCookieSecrets } from "./secrets.server.ts";
import { getEnv } from "./env.server.ts";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

/** Toasts travel in a signed flash cookie, so they show after a redirect without JavaScript. */
export function toasts() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: "loja_toast",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: getEnv().cookieSecure,
        secrets: getCookieSecrets(),
      },
    }),
  );
  return utils;
}
