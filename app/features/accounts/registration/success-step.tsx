import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "#app/ui/form-field.tsx";

const CONFETTI_COLOURS = ["#f59e0b", "#2563c9", "#10b981", "#ef4444", "#a855f7", "#fbbf24"];

/** Step 3: the account exists; "Acessar" logs in with the new credentials (spec §4). */
export function SuccessStep({
  credentials,
  redirectTo,
  message,
}: {
  credentials: { email: string; password: string };
  redirectTo: string;
  message: string;
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
      <Form method="post" action="/entrar" className="w-full">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="email" value={credentials.email} />
        <input type="hidden" name="password" value={credentials.password} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton>Acessar</SubmitButton>
      </Form>
    </div>
  );
}
