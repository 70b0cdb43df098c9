import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { maskCpf, maskPhone } from "#core/masks.ts";

/** The look of a form's secondary action (Buscar CEP, Atualizar cidades, Voltar). */
export const secondaryButton =
  "rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60";

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-800 placeholder:text-slate-400 focus:border-brand-500 aria-[invalid=true]:border-red-500";
// Selects count as :read-only in CSS: only text inputs get the read-only look.
const textInputClass = `${inputClass} read-only:bg-slate-100`;

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm font-medium text-red-600">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

type InputType = "text" | "email" | "password" | "date" | "tel";

export function TextField({
  meta,
  label,
  type = "text",
  mask,
  extra,
  ...rest
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  mask?: (value: string) => string;
  extra?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const props = getInputProps(meta, { type });
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          {...props}
          {...rest}
          key={props.key}
          className={textInputClass}
          onInput={mask ? (event) => (event.currentTarget.value = mask(event.currentTarget.value)) : undefined}
        />
        {extra}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A text of several lines, with a hint under it (its length limit, say). */
export function TextAreaField({
  meta,
  label,
  hint,
  maxLength,
  rows = 6,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint: string;
  maxLength: number;
  rows?: number;
}) {
  const props = getTextareaProps(meta);
  const hintId = `${meta.id}-hint`;
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <textarea
        {...props}
        key={props.key}
        rows={rows}
        maxLength={maxLength}
        aria-describedby={[hintId, props["aria-describedby"]].filter(Boolean).join(" ")}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A password input whose show/hide toggle appears once JavaScript runs. */
export function PasswordField({
  meta,
  label,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const props = getInputProps(meta, { type: visible ? "text" : "password" });
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          key={props.key}
          autoComplete={autoComplete}
          maxLength={128}
          className={`${inputClass} pr-20`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-2 my-auto h-8 rounded px-2 text-xs font-semibold text-brand-600 hover:bg-brand-50"
            aria-controls={meta.id}
            aria-pressed={visible}
          >
            {visible ? "Ocultar" : "Mostrar"}
          </button>
        ) : null}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
  onChange,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
  onChange?: (value: string) => void;
}) {
  const props = getSelectProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <select
        {...props}
        key={props.key}
        className={inputClass}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SubmitButton({
  children,
  busy,
  ...rest
}: { children: ReactNode; busy?: boolean } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      disabled={busy}
      {...rest}
      className={`w-full rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700 disabled:opacity-70 ${rest.className ?? ""}`}
    >
      {children}
    </button>
  );
}

/** A wizard's "Voltar": posts the `back` intent without validating what was typed. */
export function BackButton({ disabled }: { disabled: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value="back"
      formNoValidate
      className={`${secondaryButton} px-5 py-2.5 text-base`}
      disabled={disabled}
    >
      Voltar
    </button>
  );
}

type PersonFieldProps = {
  meta: FieldMetadata<string | undefined>;
  /** "off" for someone else's data (a student, a responsible); the browser's own otherwise. */
  autoComplete?: string;
};

/** A CPF, masked as 999.999.999-99 while typed (spec §5). */
export function CpfField({ meta, autoComplete, autoFocus }: PersonFieldProps & { autoFocus?: boolean }) {
  return (
    <TextField
      meta={meta}
      label="CPF"
      // Only after the checkout's "CPF Inválido" (spec §5: the focus goes back to the field).
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={autoFocus}
      inputMode="numeric"
      placeholder="999.999.999-99"
      mask={maskCpf}
      maxLength={14}
      autoComplete={autoComplete}
    />
  );
}

/** A phone, masked as (99) 99999-9999 while typed (spec §5). */
export function PhoneField({ meta, label, autoComplete = "tel-national" }: PersonFieldProps & { label: string }) {
  return (
    <TextField
      meta={meta}
      label={label}
      type="tel"
      placeholder="(99) 99999-9999"
      mask={maskPhone}
      maxLength={15}
      autoComplete={autoComplete}
    />
  );
}
