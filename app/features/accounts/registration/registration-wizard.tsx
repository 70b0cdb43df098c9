import { useFetcher } from "react-router";
import type { RegistrationReply } from "./registration-reply.ts";
import { AccessStep } from "./access-step.tsx";
import { BasicsStep } from "./basics-step.tsx";
import { SuccessStep } from "./success-step.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";

export type { RegistrationReply };

const STEPS = ["Dados de Acesso", "Informacoes Basicas", "Pronto"] as const;

/**
 * Sign-up in three steps (spec §2). The server drives every step (/registrar), so the
 * same forms work as plain posts without JavaScript and as fetchers with it.
 */
export function RegistrationWizard({ redirectTo, reply }: { redirectTo: string; reply?: RegistrationReply }) {
  const fetcher = useFetcher<RegistrationReply>({ key: "registration" });
  const current = fetcher.data ?? reply;
  const step = current?.step ?? 1;
  const busy = fetcher.state !== "idle";
  return (
    <div>
      <ol className="mb-5 flex items-center gap-2 text-xs font-semibold text-slate-500" aria-label="Etapas do cadastro">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index + 1 === step ? "step" : undefined} className={`flex flex-1 flex-col items-center gap-1 ${index + 1 <= step ? "text-brand-700" : ""}`}>
            <span className={`flex h-7 w-7 items-center justify-center rounded-full ${index + 1 <= step ? "bg-brand-600 text-white" : "bg-slate-200"}`}>
              {index + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      {current?.toast && current.step !== 3 ? <InlineToast key={current.nonce} message={current.toast} /> : null}
      {current?.step === 3 ? (
        <SuccessStep key={current.nonce} credentials={current.credentials} redirectTo={redirectTo} message={current.toast} />
      ) : current?.step === 2 ? (
        <BasicsStep key={current.nonce} fetcher={fetcher} reply={current} redirectTo={redirectTo} busy={busy} />
      ) : (
        <AccessStep key={current?.nonce ?? "first"} fetcher={fetcher} reply={current} redirectTo={redirectTo} busy={busy} />
      )}
    </div>
  );
}
