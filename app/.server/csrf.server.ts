import { createCookie } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getCookieSecrets } from "./secrets.server.ts";
import { getEnv } from "./env.server.ts";

let csrf: CSRF | undefined;

function getCsrf(): CSRF {
  if (csrf) return csrf;
  const cookie = createCookie("loja_csrf", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().cookieSecure,
    secrets: getCookieSecrets(),
  });
  csrf = new CSRF({ cookie, secret: getCookieSecrets()[0], formDataKey: "csrf" });
  return csrf;
}

/** The token for this visitor and, when new, the Set-Cookie header that carries it. */
export function commitCsrfToken(request: Request) {
  return getCsrf().commitToken(request);
}

/** Stops a POST whose token is missing or wrong with 403. */
export async function validateCsrf(formData: FormData, headers: Headers): Promise<void> {
  try {
    await getCsrf().validate(formData, headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("Sua sessão de formulário expirou. Recarregue a página e tente novamente.", {
        status: 403,
        statusText: "Forbidden",
      });
    }
    throw error;
  }
}
