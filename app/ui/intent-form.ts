import { useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { z } from "zod";

const NO_RULES = z.object({});

/**
 * A form with several intents (convention 2) validates in the browser only for the one
 * that saves: the CEP lookup, the city list or "Voltar" go to the server as typed.
 */
export function rulesFor<S extends z.ZodType>(formData: FormData, savingIntent: string, schema: S): S {
  // Typed as the saving schema: the form's fields take their types from it.
  return formData.get("intent") === savingIntent ? schema : (NO_RULES as unknown as S);
}

/**
 * Posts the whole form through its fetcher under another intent. With JavaScript the CEP
 * lookup and the city list follow the fields this way; without it, their buttons post the
 * same intents.
 */
export function useIntentSubmit(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, action: string) {
  const formRef = useRef<HTMLFormElement>(null);
  function submitIntent(intent: string) {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", intent);
    void fetcher.submit(formData, { method: "post", action });
  }
  return { formRef, submitIntent };
}
