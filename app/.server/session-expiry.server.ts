export const SESSION_EXPIRED_PATH = "/sessao-expirada";
export const SESSION_EXPIRED_MESSAGE = "Sua sessão expirou, você será redirecionado para a página principal.";
