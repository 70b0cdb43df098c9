import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GestorEntryFrame, gestorEntryMeta } from "#app/features/gestor/gestor-shell.tsx";
import { staffLogin, staffLoginPage } from "#app/features/gestor/staff-login.server.ts";
import { staffLoginSchema } from "#app/features/gestor/staff-schemas.ts";
import { FormErrors, PasswordField, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import type { Route } from "./+types/login";

export const meta = () => gestorEntryMeta("Entrar");

export const loader = ({ request }: Route.LoaderArgs) => staffLoginPage(request);

export const action = ({ request }: Route.ActionArgs) => staffLogin(request);

export default function StaffLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "gestor-entrar",
    lastResult: reply?.result,
    defaultValue: { redirectTo: loaderData.redirectTo },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffLoginSchema }),
  });
  const busy = navigation.state === "submitting";
  return (
    <GestorEntryFrame title="Entrar na área do gestor">
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.email} label="E-mail" type="email" autoComplete="username" maxLength={254} />
        <PasswordField meta={fields.password} label="Senha" autoComplete="current-password" />
        <SubmitButton busy={busy}>{busy ? "Entrando..." : "Entrar"}</SubmitButton>
      </Form>
    </GestorEntryFrame>
  );
}
