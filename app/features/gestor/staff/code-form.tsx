import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { FieldErrors, FormErrors } from "#app/ui/form-field.tsx";
import { gestorButton, gestorInput, gestorLabel } from "../gestor-ui.tsx";

/**
 * One code field and its button: the login's code step, the enrolment's first code and new
 * recovery codes. The code is never typed back into the form after a refusal.
 */
export function CodeForm({
  id,
  schema,
  result,
  label,
  hint,
  submit,
  intent,
  redirectTo,
}: {
  id: string;
  schema: z.ZodType;
  result?: SubmissionResult<string[]>;
  label: string;
  hint: string;
  submit: string;
  intent?: string;
  redirectTo?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const code = fields.code as Parameters<typeof getInputProps>[0];
  const hintId = `${id}-hint`;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (intent ?? null);
  const input = getInputProps(code, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <AuthenticityTokenInput name="csrf" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={code.id} className={gestorLabel}>
          {label}
        </label>
        <input
          {...input}
          key={input.key}
          inputMode="text"
          autoComplete="one-time-code"
          maxLength={40}
          aria-describedby={[hintId, input["aria-describedby"]].filter(Boolean).join(" ")}
          className={`${gestorInput} max-w-xs font-mono tracking-widest`}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
        <FieldErrors id={code.errorId} errors={code.errors} />
      </div>
      <div>
        <button type="submit" name="intent" value={intent} disabled={busy} className={gestorButton}>
          {submit}
        </button>
      </div>
    </Form>
  );
}
