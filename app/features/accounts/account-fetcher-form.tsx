import type { Submission } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { useForm } from "#app/ui/use-form.ts";
import type { AccountFormReply } from "./account-form-reply.ts";

type Rules<Fields extends Record<string, unknown>, Output> = (context: {
  formData: FormData;
}) => Submission<Fields, string[], Output>;

/**
 * The state of one of the account modal's small forms (login, "Esqueci a senha"): its fetcher,
 * keyed by the form's id; the last reply (the fetcher's, or the page's without JavaScript); and
 * Conform's form, with the browser's rules loaded on the first focus (app/ui/lazy-rules.ts).
 */
export function useAccountFetcherForm<Fields extends Record<string, unknown>, Output>({
  id,
  reply,
  loadRules,
  required,
}: {
  id: string;
  reply: AccountFormReply | undefined;
  loadRules: () => Promise<Rules<Fields, Output>>;
  /** The fields the browser marks as required before any rule has loaded. */
  required: readonly (keyof Fields & string)[];
}) {
  const fetcher = useFetcher<AccountFormReply>({ key: id });
  const last = fetcher.data ?? reply;
  const { loadOnFocus, ...rules } = useLazyRules(loadRules);
  const [form, fields] = useForm<Fields, Output>({
    id,
    lastResult: last?.result,
    constraint: Object.fromEntries(required.map((name) => [name, { required: true }])),
    ...rules,
  });
  return { fetcher, form, fields, toast: last?.toast, busy: fetcher.state !== "idle", loadOnFocus };
}

/**
 * The frame of those forms: posted through the form's fetcher to the page that also serves it
 * without JavaScript, carrying the CSRF token and the address to return to, with the last
 * reply's toast and form-level errors above the fields.
 */
export function AccountFetcherForm<Fields extends Record<string, unknown>, Output>({
  state: { fetcher, form, toast, loadOnFocus },
  action,
  redirectTo,
  children,
}: {
  state: ReturnType<typeof useAccountFetcherForm<Fields, Output>>;
  action: string;
  redirectTo: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={action} {...rulesFormProps(form, loadOnFocus)} className="flex flex-col gap-4">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {toast ? <InlineToast message={toast} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </fetcher.Form>
  );
}
