/**
 * A refund's reason (issue 15: required), kept in the audit log. Free of imports: the gestor's
 * command line (scripts/gestor.ts) checks it too, under Node's type stripping.
 */
export const REFUND_REASON_MIN = 5;
export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_MESSAGE = `Informe o motivo do estorno (de ${REFUND_REASON_MIN} a ${REFUND_REASON_MAX} caracteres).`;
