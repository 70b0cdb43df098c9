import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";

/**
 * The frame of the account modal's small forms (login, "Esqueci a senha"): posted through the
 * form's fetcher to the page that also serves it without JavaScript, carrying the CSRF token and
 * the address to return to, with the last reply's toast and form-level errors above the fields.
 */
export function AccountFetcherForm<Schema extends Record<string, unknown>>({
  fetcher,
  form,
  action,
  redirectTo,
  toast,
  loadOnFocus,
  children,
}: {
  fetcher: FetcherWithComponents<AccountFormReply>;
  form: FormMetadata<Schema, string[]>;
  action: string;
  redirectTo: string;
  toast: string | null | undefined;
  /** useLazyRules' handler: the first focus loads the form's browser-side rules. */
  loadOnFocus: { onFocus: () => void };
  children: ReactNode;
}) {
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      {...loadOnFocus}
      noValidate
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {toast ? <InlineToast message={toast} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </fetcher.Form>
  );
}
