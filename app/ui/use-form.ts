import { useForm as useConformForm } from "@conform-to/react";

/**
 * Conform's useForm, with the form's own render subscribed to every field's errors and to the
 * form's key and initial value. Every form in the store uses this one (eslint.config.js).
 *
 * Conform re-renders a form only for the state its last render read, and it starts that list
 * anew each time the component calling useForm renders. Our forms hand each field's metadata to
 * small components (app/ui/form-field.tsx) that read it in their own render, after the parent's.
 * When a busy phone's render stopped between the two (React yields between components), the
 * list held no field's errors: a field found wrong on submit got its message in Conform's state
 * and never on screen (issue 25, point 23). Reading them here keeps them in that list.
 */
export function useForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: Parameters<typeof useConformForm<Schema, FormValue, FormError>>[0],
): ReturnType<typeof useConformForm<Schema, FormValue, FormError>> {
  const [form, fields] = useConformForm<Schema, FormValue, FormError>(options);
  // Property reads that subscribe this render (Conform's metadata is a proxy that records them).
  void form.allErrors;
  void form.key;
  void form.initialValue;
  return [form, fields];
}
