import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "#app/ui/form-field.tsx";

const CONFETTI_COLOURS = ["#f59e0b", "#2563c9", "#10b981", "#ef4444", "#a855f7", "#fbbf24"];

/**
 * Step 3: the account exists; "Acessar" logs in with the new credentials (spec §2), through
 * the grant the server keeps in the sign-up's draft: the password is not posted again.
 */
export function SuccessStep({
  draft,
  redirectTo,
  message,
  notice,
}: {
  draft: string;
  redirectTo: string;
  message: string;
  /** What did not go through with the account (the WhatsApp consent, issue 31). */
  notice?: string;
}) {
  return (
    <div className="relative flex flex-col items-center gap-4 overflow-hidden py-6 text-center">
      <div className="pointer-events-none absolute inset-0" aria-hidden="true">
        {Array.from({ length: 36 }, (_, i) => (
          <span
            key={i}
            className="confetti"
            style={{
              left: `${(i * 37) % 100}%`,
              backgroundColor: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
              animationDelay: `${(i % 9) * 0.12}s`,
              animationDuration: `${1.6 + (i % 5) * 0.25}s`,
            }}
          />
        ))}
      </div>
      <p className="text-5xl" aria-hidden="true">
        🎉
      </p>
      <h3 className="text-xl font-bold text-slate-900" role="status">
        {message}
      </h3>
      <p className="text-slate-600">Tudo pronto! Acesse sua conta para vincular estudantes e fazer compras.</p>
      {notice ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {notice}
        </p>
      ) : null}
      <Form method="post" action="/registrar" className="w-full">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="draft" value={draft} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton name="intent" value="enter">
          Acessar
        </SubmitButton>
      </Form>
    </div>
  );
}
