/**
 * The sync's refusals name every wrong field of the body at once, by its JSON path
 * ("responsibles.0.cpf: CPF inválido."), with the roster row's own Portuguese messages: a nightly
 * job's log then says all that its data lacks in one line, not one field per night.
 */
import { z } from "zod";
import { INPUT_MESSAGES } from "../../validation.ts";

export interface FieldError {
  /** The JSON path, "" for the body itself. */
  field: string;
  message: string;
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** "Nada foi gravado. cpf: CPF inválido. enrolment.codgrade: Informe o código da série (CODGRADE)." */
export function fieldErrorsText(errors: readonly FieldError[]): string {
  const parts = errors.map(({ field, message }) => (field ? `${field}: ${sentence(message)}` : sentence(message)));
  return `Nada foi gravado. ${parts.join(" ")}`;
}

/** For a rule without a message of its own (Zod's defaults are English). */
function fallbackMessage(issue: z.core.$ZodRawIssue): string {
  if (!issue.path?.length) return INPUT_MESSAGES.notAnObject;
  if (issue.code === "invalid_type" && issue.input === undefined) return "Campo obrigatório.";
  return "Valor inválido.";
}

/** `schema`, refusing with one issue that names every wrong field (the first rule each breaks). */
export function everyFieldNamed<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  return z.unknown().transform((input, ctx) => {
    const result = schema.safeParse(input, { error: fallbackMessage });
    if (result.success) return result.data;
    const errors: FieldError[] = [];
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join(".");
      if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
    }
    ctx.addIssue({ code: "custom", message: fieldErrorsText(errors) });
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<T>>;
}
