import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { STAFF_ROLE_LABELS } from "#api/contract/gestor/staff.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { gestorButton, gestorCard } from "#app/features/gestor/gestor-ui.tsx";
import { CodeForm } from "#app/features/gestor/staff/code-form.tsx";
import { ownAccountAction, ownAccountPage } from "#app/features/gestor/staff/own-account.server.ts";
import { RecoveryCodes } from "#app/features/gestor/staff/recovery-codes.tsx";
import { authenticatorCodeSchema, changePasswordSchema } from "#app/features/gestor/staff/staff-forms.ts";
import { FormErrors, PasswordField } from "#app/ui/form-field.tsx";
import type { Route } from "./+types/own-account";

export const meta = () => [{ title: "Minha conta | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => ownAccountPage(request);

export const action = ({ request }: Route.ActionArgs) => ownAccountAction(request);

type Reply = { intent: string | null; result?: SubmissionResult<string[]>; recoveryCodes?: string[] } | undefined;

export default function OwnAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const reply = actionData as Reply;
  const enrolHref = `${GESTOR_PATHS.enrol}?redirectTo=${encodeURIComponent(GESTOR_PATHS.ownAccount)}`;
  return (
    <>
      <GestorPageHeader title="Minha conta" />
      <div className="grid max-w-3xl gap-4">
        <section aria-labelledby="meus-dados" className={gestorCard}>
          <h2 id="meus-dados" className="mb-2 text-base font-bold text-slate-900">
            Seus dados
          </h2>
          <dl className="grid grid-cols-[8rem_1fr] gap-1">
            <dt className="font-semibold">Nome</dt>
            <dd>{staff.name}</dd>
            <dt className="font-semibold">E-mail</dt>
            <dd>{staff.email}</dd>
            <dt className="font-semibold">Perfil</dt>
            <dd>{STAFF_ROLE_LABELS[staff.role]}</dd>
          </dl>
        </section>

        <section aria-labelledby="duas-etapas" className={gestorCard}>
          <h2 id="duas-etapas" className="mb-2 text-base font-bold text-slate-900">
            Verificação em duas etapas
          </h2>
          {staff.totpEnabled ? (
            <div className="flex flex-col gap-3">
              <p>
                <strong>Ativa.</strong> Cada entrada pede um código do aplicativo autenticador.
                {staff.role === "admin" ? " Administradores não podem desativá-la." : null}
              </p>
              {reply?.recoveryCodes ? (
                <RecoveryCodes codes={reply.recoveryCodes} />
              ) : (
                <>
                  <p>Perdeu os códigos de recuperação ou usou vários? Gere novos: os anteriores deixam de valer.</p>
                  <CodeForm
                    id="gestor-novos-codigos"
                    schema={authenticatorCodeSchema}
                    result={reply?.intent === "recovery-codes" ? reply.result : undefined}
                    label="Código do aplicativo"
                    hint="6 dígitos do aplicativo autenticador (não um código de recuperação)."
                    submit="Gerar novos códigos de recuperação"
                    intent="recovery-codes"
                  />
                </>
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <p>
                <strong>Não ativada.</strong> Com ela, quem descobrir sua senha ainda não consegue entrar.
              </p>
              <Link to={enrolHref} className={`${gestorButton} self-start`}>
                Ativar verificação em duas etapas
              </Link>
            </div>
          )}
        </section>

        <section aria-labelledby="trocar-senha" className={gestorCard}>
          <h2 id="trocar-senha" className="mb-2 text-base font-bold text-slate-900">
            Trocar senha
          </h2>
          <ChangePasswordForm result={reply?.intent === "password" ? reply.result : undefined} />
        </section>
      </div>
    </>
  );
}

function ChangePasswordForm({ result }: { result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "gestor-trocar-senha",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-sm flex-col gap-3">
      <AuthenticityTokenInput name="csrf" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField meta={fields.currentPassword} label="Senha atual" autoComplete="current-password" />
      <PasswordField
        meta={fields.newPassword}
        label="Nova senha (pelo menos 12 caracteres)"
        autoComplete="new-password"
      />
      <PasswordField meta={fields.newPasswordConfirmation} label="Confirme a nova senha" autoComplete="new-password" />
      <div>
        <button type="submit" name="intent" value="password" disabled={busy} className={gestorButton}>
          Trocar senha
        </button>
      </div>
    </Form>
  );
}
