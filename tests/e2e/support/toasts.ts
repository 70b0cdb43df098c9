import type { BrowserContext } from "@playwright/test";
import { toasts } from "#app/.server/toast.server.ts";
import type { ToastView } from "#app/ui/toaster.tsx";
import { e2eEnv } from "./e2e-env.ts";
// Loaded for its side effect: the app's cookie code signs with the e2e server's secret.
import "./session.ts";

/**
 * Puts in this browser the flash cookie a redirect with this toast would have set, made by the
 * app's own toast code: the next page the browser opens shows it, as after that redirect.
 */
export async function holdToast(context: BrowserContext, toast: ToastView) {
  const redirect = await toasts().redirectWithToast("/", { ...toast });
  const pair = redirect.headers.get("set-cookie")!.split(";", 1)[0]!;
  const equals = pair.indexOf("=");
  await context.addCookies([
    {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      domain: e2eEnv.host,
      path: "/",
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    },
  ]);
}
