import { getFormProps, useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { z } from "zod";

const NO_RULES = z.object({});

/**
 * A form with several intents (convention 2) validates in the browser only for the one
 * that saves: the CEP lookup, the city list or "Voltar" go to the server as typed.
 */
function rulesFor<S extends z.ZodType>(formData: FormData, savingIntent: string, schema: S): S {
  // Typed as the saving schema: the form's fields take their types from it.
  return formData.get("intent") === savingIntent ? schema : (NO_RULES as unknown as S);
}

/**
 * A form the server drives (sign-up, /conta's profile, the new-student wizard): it works as
 * plain posts without JavaScript and through its fetcher with it, and the server answers
 * each intent by re-rendering it. Conform validates only the saving intent; `submitIntent`
 * posts the whole form under another intent, so with JavaScript the CEP lookup and the
 * city list follow the fields (without it, their buttons post the same intents).
 */
export function useIntentForm<
  S extends z.ZodType,
  Shape extends Record<string, unknown> = z.input<S> & Record<string, unknown>,
>({
  id,
  fetcher,
  action,
  lastResult,
  defaultValue,
  savingIntent,
  schema,
  shouldValidate = "onSubmit",
}: {
  id: string;
  fetcher: Pick<FetcherWithComponents<unknown>, "submit" | "state" | "formData">;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: DefaultValue<Shape>;
  savingIntent: string;
  schema: S;
  shouldValidate?: "onSubmit" | "onBlur";
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<Shape, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate,
    shouldRevalidate: "onInput",
    // The fields are typed as the form holds them (Shape: text), the schema may accept more.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: rulesFor(formData, savingIntent, schema) }) as unknown as Submission<
        Shape,
        string[],
        z.output<S>
      >,
  });
  function submitIntent(intent: string) {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", intent);
    void fetcher.submit(formData, { method: "post", action });
  }
  const pendingIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  /** Everything the <fetcher.Form> needs: its ref, a POST to `action`, Conform's props. */
  const formProps = { ref: formRef, method: "post" as const, action, ...getFormProps(form), noValidate: true };
  return { form, fields, formProps, submitIntent, pendingIntent };
}
