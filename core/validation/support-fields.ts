/**
 * The fields of "Fale conosco" on /atendimento (docs/decisions/0023-support-tickets.md), shared
 * by the form in the browser, its action and the store API's create-ticket call. Each field
 * reports one message, the first rule it breaks. Optional fields may come empty ("" from a
 * form, absent from JSON) and come out as undefined.
 */
import { z } from "zod";
import { onlyDigits } from "../cpf.ts";
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECTS, type SupportSubject } from "./support-subjects.ts";

export { SUPPORT_SUBJECTS, type SupportSubject } from "./support-subjects.ts";

export const SUPPORT_MESSAGES = {
  nameRequired: "Informe seu nome.",
  nameInvalid: "Use apenas letras, espaços, hífen, ponto ou apóstrofo no nome (de 2 a 80 caracteres).",
  emailRequired: "Informe seu e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  phoneIncomplete: "Telefone incompleto",
  phoneTooLong: "Informe o telefone no formato (99) 99999-9999.",
  raInvalid: "Informe o RA apenas com números (até 12 dígitos).",
  subjectRequired: "Selecione o assunto.",
  messageRequired: "Escreva sua mensagem.",
  messageLength: "A mensagem deve ter entre 10 e 2.000 caracteres.",
} as const;

const M = SUPPORT_MESSAGES;

const subjectKeys = Object.keys(SUPPORT_SUBJECTS) as [SupportSubject, ...SupportSubject[]];

const SUPPORT_MESSAGE_MIN = 10;

const length = (value: string) => Array.from(value).length;
const between = (min: number, max: number) => (value: string) => length(value) >= min && length(value) <= max;
const lineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/** A required text whose first broken rule is its only message. */
function required(message: string, rules: readonly (readonly [(value: string) => boolean, string])[]) {
  return z.string({ message }).superRefine((value, ctx) => {
    const broken = value.trim() === "" ? message : rules.find(([test]) => !test(value.trim()))?.[1];
    if (broken) ctx.addIssue({ code: "custom", message: broken });
  });
}

/** An optional text: "" or blank counts as not given. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );
}

// No digits, slashes or "@" in a name: the confirmation e-mail greets the sender by it, and a
// name must not be a way to send a link to any address typed in the form (decision note 0023).
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const supportTicketFields = {
  name: required(M.nameRequired, [[(v) => NAME.test(v) && between(2, 80)(v), M.nameInvalid]]).transform((v) =>
    v.trim().replace(/\s+/g, " "),
  ),
  email: required(M.emailRequired, [[(v) => v.length <= 254 && EMAIL.test(v), M.emailInvalid]]).transform((v) =>
    v.trim().toLowerCase(),
  ),
  /** Masked (99) 99999-9999 like the store's other phones; a landline's 10 digits too. */
  phone: optional(
    z
      .string({ message: M.phoneIncomplete })
      .superRefine((value, ctx) => {
        const digits = onlyDigits(value);
        const message =
          !/^[\d\s().+-]+$/.test(value) || digits.length < 10
            ? M.phoneIncomplete
            : digits.length > 11
              ? M.phoneTooLong
              : null;
        if (message) ctx.addIssue({ code: "custom", message });
      })
      .transform(onlyDigits),
  ),
  ra: optional(
    z
      .string({ message: M.raInvalid })
      .refine((value) => /^\d{1,12}$/.test(value.trim()), { message: M.raInvalid })
      .transform((value) => value.trim()),
  ),
  subject: z.enum(subjectKeys, { message: M.subjectRequired }),
  // Counted with one character per line break, as the textarea's maxLength counts them.
  message: required(M.messageRequired, [
    [(v) => between(SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGE_MAX)(lineBreaks(v)), M.messageLength],
  ]).transform((v) => lineBreaks(v).trim()),
};

/** The form's schema (the store API's body adds the store id). */
export const supportTicketSchema = z.object(supportTicketFields);
export type SupportTicket = z.output<typeof supportTicketSchema>;
