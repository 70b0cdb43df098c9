import { useForm } from "#app/ui/use-form.ts";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { passwordChangeSchema } from "#app/features/accounts/account-schemas.ts";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { FormErrors, PasswordField, SubmitButton } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import type { AccountPageReply, PasswordReply } from "./account-page-reply.ts";

/** "Alterar senha": current, new and repeated password. Passwords never come back from the server. */
export function PasswordForm({ reply }: { reply?: PasswordReply }) {
  const fetcher = useFetcher<AccountPageReply>({ key: "password" });
  const current = fetcher.data?.form === "password" ? fetcher.data : reply;
  const formRef = useRef<HTMLFormElement>(null);
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.passwordChange),
    { shouldValidate: "onBlur", shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<z.input<typeof passwordChangeSchema>>({
    id: "password",
    lastResult: current?.result,
    ...rules,
  });
  const busy = fetcher.state !== "idle";

  // A successful change redirects: the fetcher ends without data, and the typed passwords go.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (fetcher.data === undefined) formRef.current?.reset();
    }
  }, [busy, fetcher.data]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/conta"
      {...rulesFormProps(form, loadOnFocus)}
      className="flex flex-col gap-4"
    >
      {current?.toast ? <InlineToast key={current.nonce} message={current.toast} /> : null}
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField meta={fields.currentPassword} label="Senha atual" autoComplete="current-password" />
      <PasswordField meta={fields.newPassword} label="Nova senha" autoComplete="new-password" />
      <PasswordField meta={fields.passwordConfirmation} label="Confirme a nova senha" autoComplete="new-password" />
      <SubmitButton name="intent" value="password" busy={busy} className="sm:w-auto sm:self-end">
        {busy ? "Alterando..." : "Alterar senha"}
      </SubmitButton>
    </fetcher.Form>
  );
}
