import { StepList } from "#app/ui/step-list.tsx";
import { useFetcher } from "react-router";
import type { RegistrationReply } from "./registration-reply.ts";
import { AccessStep } from "./access-step.tsx";
import { BasicsStep } from "./basics-step.tsx";
import { SuccessStep } from "./success-step.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";

export type { RegistrationReply };

const STEPS = ["Dados de acesso", "Informações básicas", "Pronto"] as const;

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
      <StepList steps={STEPS} current={step} label="Etapas do cadastro" />
      {current?.toast && current.step !== 3 ? <InlineToast key={current.nonce} message={current.toast} /> : null}
      {current?.step === 3 ? (
        <SuccessStep
          key={current.nonce}
          draft={current.draft}
          redirectTo={redirectTo}
          message={current.toast}
          notice={current.notice}
        />
      ) : current?.step === 2 ? (
        <BasicsStep key={current.nonce} fetcher={fetcher} reply={current} redirectTo={redirectTo} busy={busy} />
      ) : (
        <AccessStep
          key={current?.nonce ?? "first"}
          fetcher={fetcher}
          reply={current}
          redirectTo={redirectTo}
          busy={busy}
        />
      )}
    </div>
  );
}
