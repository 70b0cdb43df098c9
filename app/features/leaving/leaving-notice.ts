/**
 * Spec §8's messages after which the shopper goes home by themself: a deleted cart (2 s), a
 * cart add the store refused with 402 (2.5 s) and an expired session (2 s, its own page,
 * /sessao-expirada). Each is a page of its own, so the message is the only one on screen and the
 * wait holds with or without JavaScript (docs/decisions/0044-messages-before-going-home.md).
 */
export const LEAVING_NOTICE_PATH = "/aviso";
export const LEAVING_REASON_PARAM = "motivo";

export const LEAVING_REASONS = {
  /** Spec §8 finish purchase 404 "Carrinho não foi encontrado". */
  "carrinho-excluido": { seconds: 2 },
  /** Spec §8 402 on a cart add. */
  "carrinho-recusado": { seconds: 2.5 },
} as const;
export type LeavingReason = keyof typeof LEAVING_REASONS;

export const SESSION_EXPIRED_SECONDS = 2;

export const leavingReason = (value: string | null): LeavingReason | null =>
  value !== null && Object.hasOwn(LEAVING_REASONS, value) ? (value as LeavingReason) : null;

export const leavingNoticeHref = (reason: LeavingReason) => `${LEAVING_NOTICE_PATH}?${LEAVING_REASON_PARAM}=${reason}`;

/**
 * The `<meta http-equiv="refresh">` that takes a page without JavaScript home. A refresh counts
 * whole seconds only (HTML's parser drops a fraction), so 2.5 s waits 3: never shorter than the spec's.
 */
export const homeRefresh = (seconds: number) => ({ httpEquiv: "refresh", content: `${Math.ceil(seconds)};url=/` });
