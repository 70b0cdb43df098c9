import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorEntryFrame, gestorEntryMeta } from "#app/features/gestor/gestor-shell.tsx";
import { CodeForm } from "#app/features/gestor/staff/code-form.tsx";
import { RecoveryCodes } from "#app/features/gestor/staff/recovery-codes.tsx";
import { confirmEnrolment, enrolPage } from "#app/features/gestor/staff/second-factor.server.ts";
import { authenticatorCodeSchema } from "#app/features/gestor/staff/staff-forms.ts";
import type { Route } from "./+types/enrol";

// The page shows the authenticator's secret: never kept by a cache.
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => gestorEntryMeta("Ativar verificação em duas etapas");

export const loader = ({ request }: Route.LoaderArgs) => enrolPage(request);

export const action = ({ request }: Route.ActionArgs) => confirmEnrolment(request);

export default function EnrolPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as
    { result?: SubmissionResult<string[]>; recoveryCodes?: string[]; continueTo?: string } | undefined;
  if (reply?.recoveryCodes)
    return (
      <GestorEntryFrame title="Verificação em duas etapas ativada">
        <RecoveryCodes codes={reply.recoveryCodes} continueTo={reply.continueTo} />
      </GestorEntryFrame>
    );
  if (loaderData.enrolled)
    return (
      <GestorEntryFrame title="Verificação em duas etapas">
        <p className="mb-4">A verificação em duas etapas já está ativa nesta conta.</p>
        <Link to={GESTOR_PATHS.ownAccount} className="font-semibold underline">
          Ir para Minha conta
        </Link>
      </GestorEntryFrame>
    );
  return (
    <GestorEntryFrame title="Ativar verificação em duas etapas">
      <div className="flex flex-col gap-4">
        <p>
          {loaderData.required
            ? "Administradores entram com senha e um código do celular. Configure agora o seu aplicativo autenticador."
            : "Depois de ativar, cada entrada pedirá também um código do celular."}
        </p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>Instale um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 2FAS…).</li>
          <li>No aplicativo, adicione uma conta lendo o QR Code abaixo.</li>
          <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
        </ol>
        <img
          src={loaderData.qr}
          alt={`QR Code da verificação em duas etapas para ${loaderData.email}`}
          width={200}
          height={200}
          className="self-center"
        />
        <p>
          Não consegue ler o QR Code? Digite esta chave no aplicativo:{" "}
          <code data-testid="chave-autenticador" className="rounded bg-slate-100 px-1 font-mono break-all">
            {loaderData.secret}
          </code>
        </p>
        <CodeForm
          id="gestor-autenticador"
          schema={authenticatorCodeSchema}
          result={reply?.result}
          label="Código do aplicativo"
          hint="6 dígitos; o código muda a cada 30 segundos."
          submit="Ativar"
          redirectTo={loaderData.redirectTo}
        />
        {loaderData.required ? null : (
          <Link to={GESTOR_PATHS.ownAccount} className="font-semibold underline">
            Voltar para Minha conta
          </Link>
        )}
      </div>
    </GestorEntryFrame>
  );
}
