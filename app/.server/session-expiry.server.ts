export const SESSION_EXPIRED_PATH = "/sessao-expirada";
export const SESSION_EXPIRED_MESSAGE = "Sua sessão expirou, você será redirecionado para a página principal.";

/** True for React Router's client data requests (a browser running the app's JavaScript). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
