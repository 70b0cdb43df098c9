/**
 * A labelled input of a gestor form (Conform), with an optional hint under it and the field's
 * errors: the coupons' and the material lists' forms.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "#app/ui/form-field.tsx";
import { gestorInput, gestorLabel } from "./gestor-ui.tsx";

export function GestorField({
  meta,
  label,
  hint,
  type = "text",
  ...rest
}: {
  meta: FieldMetadata<string | number | boolean | undefined>;
  label: string;
  hint?: string;
  type?: "text" | "date";
  inputMode?: "numeric";
  autoCapitalize?: "characters";
  maxLength?: number;
  placeholder?: string;
}) {
  const props = getInputProps(meta as FieldMetadata<string | undefined>, {
    type,
    ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
  });
  return (
    <div>
      <label htmlFor={meta.id} className={gestorLabel}>
        {label}
      </label>
      <input {...props} {...rest} key={props.key} className={gestorInput} />
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
