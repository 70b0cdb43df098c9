import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GestorEntryFrame, gestorEntryMeta } from "#app/features/gestor/gestor-shell.tsx";
import { setPassword, setPasswordPage } from "#app/features/gestor/set-password.server.ts";
import { staffNewPasswordSchema } from "#app/features/gestor/staff-schemas.ts";
import { FormErrors, PasswordField, SubmitButton } from "#app/ui/form-field.tsx";
import type { Route } from "./+types/set-password";

// The token in the URL sets a password: never cached, never sent on as a Referer (note 0006).
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [...gestorEntryMeta("Definir senha"), { name: "referrer", content: "same-origin" }];

export const loader = ({ request, params }: Route.LoaderArgs) => setPasswordPage(request, params.token);

export const action = ({ request, params }: Route.ActionArgs) => setPassword(request, params.token);

export default function SetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]>; invalid?: string } | undefined;
  const invalid = reply?.invalid ?? loaderData.invalid;
  const person = loaderData.person;
  if (invalid || !person)
    return (
      <GestorEntryFrame title="Definir senha">
        <p role="alert" className="font-semibold text-red-700">
          {invalid}
        </p>
      </GestorEntryFrame>
    );
  return (
    <GestorEntryFrame title={person.purpose === "convite" ? "Bem-vindo à equipe" : "Definir nova senha"}>
      <p className="mb-4">
        {person.name} ({person.email}): escolha uma senha com pelo menos 12 caracteres.
      </p>
      <NewPasswordForm result={reply?.result} />
    </GestorEntryFrame>
  );
}

function NewPasswordForm({ result }: { result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "gestor-definir-senha",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffNewPasswordSchema }),
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField meta={fields.password} label="Nova senha" autoComplete="new-password" />
      <PasswordField meta={fields.passwordConfirmation} label="Confirme a nova senha" autoComplete="new-password" />
      <SubmitButton busy={busy}>{busy ? "Salvando..." : "Salvar senha"}</SubmitButton>
    </Form>
  );
}
