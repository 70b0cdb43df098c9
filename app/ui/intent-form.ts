import { getFormProps, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useForm } from "./use-form.ts";
import { useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { useLazyRules } from "./lazy-rules.ts";

/**
 * A form the server drives (sign-up, /conta's profile, the new-student wizard): it works as
 * plain posts without JavaScript and through its fetcher with it, and the server answers
 * each intent by re-rendering it. Conform validates only the saving intent; `submitIntent`
 * posts the whole form under another intent, so with JavaScript the CEP lookup and the
 * city list follow the fields (without it, their buttons post the same intents).
 */
export function useIntentForm<
  Input extends Record<string, unknown>,
  Output,
  Shape extends Record<string, unknown> = Input & Record<string, unknown>,
>({
  id,
  fetcher,
  action,
  lastResult,
  defaultValue,
  rules,
  shouldValidate = "onSubmit",
}: {
  id: string;
  fetcher: Pick<FetcherWithComponents<unknown>, "submit" | "state" | "formData">;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: DefaultValue<Shape>;
  /**
   * The form's rules, loaded on its first focus (app/features/shopper-form-rules.ts, built with
   * intentRules: only the saving intent is checked in the browser).
   */
  rules: () => Promise<(context: { formData: FormData }) => Submission<Input, string[], Output>>;
  shouldValidate?: "onSubmit" | "onBlur";
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { loadOnFocus, ...lazyRules } = useLazyRules(
    () =>
      rules().then(
        // The fields are typed as the form holds them (Shape: text), the schema may accept more.
        (validate) => (context: { formData: FormData }) =>
          validate(context) as unknown as Submission<Shape, string[], Output>,
      ),
    { shouldValidate, shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<Shape, Output>({ id, lastResult, defaultValue, ...lazyRules });
  function submitIntent(intent: string) {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", intent);
    void fetcher.submit(formData, { method: "post", action });
  }
  const pendingIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  /** Everything the <fetcher.Form> needs: its ref, a POST to `action`, Conform's props. */
  const formProps = {
    ref: formRef,
    method: "post" as const,
    action,
    ...getFormProps(form),
    ...loadOnFocus,
    noValidate: true,
  };
  /** The browser's rules once loaded (undefined before: the server checks the form). */
  const validate = lazyRules.onValidate;
  return { form, fields, formProps, submitIntent, pendingIntent, validate };
}
