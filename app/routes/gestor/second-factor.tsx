import type { SubmissionResult } from "@conform-to/react";
import { GestorEntryFrame, gestorEntryMeta } from "#app/features/gestor/gestor-shell.tsx";
import { CodeForm } from "#app/features/gestor/staff/code-form.tsx";
import { codeStepPage, giveCode } from "#app/features/gestor/staff/second-factor.server.ts";
import { secondFactorSchema } from "#app/features/gestor/staff/staff-forms.ts";
import type { Route } from "./+types/second-factor";

export const meta = () => gestorEntryMeta("Código de verificação");

export const loader = ({ request }: Route.LoaderArgs) => codeStepPage(request);

export const action = ({ request }: Route.ActionArgs) => giveCode(request);

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <GestorEntryFrame title="Verificação em duas etapas">
      <p className="mb-4">Abra o aplicativo autenticador e digite o código de 6 dígitos da Loja Escolar Gestor.</p>
      <CodeForm
        id="gestor-codigo"
        schema={secondFactorSchema}
        result={reply?.result}
        label="Código"
        hint="Sem o celular? Digite um dos seus códigos de recuperação (cada um vale uma vez)."
        submit="Confirmar"
        redirectTo={loaderData.redirectTo}
      />
    </GestorEntryFrame>
  );
}
