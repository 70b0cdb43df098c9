/**
 * Why the gestor ends a student's link (docs/decisions/0031): required, kept in the audit log.
 * Apart from customers.ts so the page's form and the browser tests load only Zod with it.
 */
import { z } from "zod";

const UNLINK_REASON_MIN = 5;
export const UNLINK_REASON_MESSAGES = {
  required: `Informe o motivo (pelo menos ${UNLINK_REASON_MIN} caracteres).`,
  tooLong: "O motivo pode ter até 500 caracteres.",
} as const;

export const unlinkReasonField = z
  .string({ message: UNLINK_REASON_MESSAGES.required })
  .trim()
  .min(UNLINK_REASON_MIN, { message: UNLINK_REASON_MESSAGES.required })
  .max(500, { message: UNLINK_REASON_MESSAGES.tooLong });
