import { getFormProps, type FormMetadata, type Submission } from "@conform-to/react";
import { useRef, useState } from "react";

type Moment = "onSubmit" | "onBlur" | "onInput";

type Rules<Fields extends Record<string, unknown>, Output> = (context: {
  formData: FormData;
}) => Submission<Fields, string[], Output>;

/**
 * A form's browser-side rules (Zod and the form's schema, ~25 KB gzip) load when the shopper
 * first focuses the form, not with the page (docs/decisions/0039-form-pages-weight.md). Until
 * they arrive (a submit before any focus, a failed download) the server validates with the
 * same schema and answers in the same place: Conform then posts, it does not validate.
 * Validation on blur or input (`when`) waits for the rules: without them Conform would post
 * each blur or keystroke to the server.
 */
export function useLazyRules<Fields extends Record<string, unknown>, Output>(
  load: () => Promise<Rules<Fields, Output>>,
  when: { shouldValidate?: Moment; shouldRevalidate?: Moment } = {},
) {
  const [rules, setRules] = useState<{ validate: Rules<Fields, Output> }>();
  const requested = useRef(false);
  function loadRules() {
    if (requested.current) return;
    requested.current = true;
    load().then(
      (validate) => setRules({ validate }),
      () => (requested.current = false),
    );
  }
  return {
    onValidate: rules?.validate,
    shouldValidate: rules ? (when.shouldValidate ?? "onSubmit") : "onSubmit",
    shouldRevalidate: rules ? (when.shouldRevalidate ?? when.shouldValidate ?? "onSubmit") : "onSubmit",
    /** Spread on the <form>: React's onFocus bubbles, so any field's first focus loads the rules. */
    loadOnFocus: { onFocus: loadRules },
  };
}

/**
 * What a form with lazily loaded rules spreads on its <form>: Conform's props, the rules'
 * loader on first focus, and noValidate (the rules and the server say what is wrong, in
 * Portuguese, instead of the browser's own bubbles).
 */
export function rulesFormProps<Schema extends Record<string, unknown>, FormError>(
  form: FormMetadata<Schema, FormError>,
  loadOnFocus: { onFocus: () => void },
) {
  return { ...getFormProps(form), ...loadOnFocus, noValidate: true };
}
