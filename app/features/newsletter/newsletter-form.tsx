import { useState } from "react";
import { Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { hrefWithParam } from "#app/lib/url-state.ts";
import { isNewsletterOutcome, NEWSLETTER_PARAM, type NewsletterOutcome } from "./newsletter-outcome.ts";

const dialogs = {
  sucesso: {
    title: "Email cadastrado com sucesso",
    text: "Email cadastrado com sucesso ao newsletter. Verifique o seu email.",
  },
  erro: {
    title: "Email já cadastrado",
    text: "Esse email já foi cadastrado no newsletter, tente outro.",
  },
} as const;

export function NewsletterForm() {
  const fetcher = useFetcher<{ outcome: NewsletterOutcome }>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [params] = useSearchParams();
  const fromUrl = params.get(NEWSLETTER_PARAM);
  // The dialog closed for this answer; a new answer (another post) shows again.
  const [dismissedAnswer, setDismissedAnswer] = useState<unknown>(null);

  const outcome = fetcher.data?.outcome ?? (isNewsletterOutcome(fromUrl) ? fromUrl : null);
  const answer = fetcher.data ?? fromUrl;
  const dismissed = dismissedAnswer !== null && dismissedAnswer === answer;
  const closeHref = hrefWithParam(location, NEWSLETTER_PARAM, null);
  const busy = fetcher.state !== "idle";

  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="flex flex-col gap-2">
      {/* The footer's heading style (.site-footer h2 of app.css). */}
      <h2 id="newsletter-title">NEWSLETTER</h2>
      <p className="text-white">Fique por dentro das novidades!</p>
      <fetcher.Form method="post" action="/newsletter" className="flex max-w-md" key={fetcher.data ? "sent" : "new"}>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={closeHref} />
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        <label htmlFor="newsletter-email" className="sr-only">
          Cadastre seu e-mail
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          maxLength={254}
          placeholder="Cadastre seu e-mail"
          aria-invalid={outcome === "vazio" || undefined}
          aria-describedby={outcome === "vazio" ? "newsletter-error" : undefined}
          className="min-w-0 flex-1 rounded-l-full border-0 bg-white px-4 py-2 text-sm text-slate-800"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-r-full bg-accent-400 px-5 py-2 text-sm font-bold text-brand-900 hover:bg-accent-500 disabled:opacity-70"
        >
          Assinar
        </button>
      </fetcher.Form>
      {outcome === "vazio" ? (
        <p id="newsletter-error" className="text-sm text-red-200" role="alert">
          Informe seu e-mail para assinar a newsletter.
        </p>
      ) : null}
      {outcome && outcome !== "vazio" && !dismissed ? (
        <NewsletterDialog
          outcome={outcome}
          closeHref={closeHref}
          onClose={hydrated ? () => setDismissedAnswer(answer) : undefined}
        />
      ) : null}
    </section>
  );
}

function NewsletterDialog({
  outcome,
  closeHref,
  onClose,
}: {
  outcome: "sucesso" | "erro";
  closeHref: string;
  onClose?: () => void;
}) {
  const dialog = dialogs[outcome];
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="newsletter-dialog-title"
        className="w-full max-w-sm rounded-2xl bg-white p-6 text-center text-slate-800 shadow-2xl"
      >
        <div
          className={`mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full text-3xl ${
            outcome === "sucesso" ? "bg-emerald-100 text-emerald-600" : "bg-red-100 text-red-600"
          }`}
          aria-hidden="true"
        >
          {outcome === "sucesso" ? "✓" : "!"}
        </div>
        <h2 id="newsletter-dialog-title" className="text-xl font-bold">
          {dialog.title}
        </h2>
        <p className="mt-2 text-slate-600">{dialog.text}</p>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            // A dialog takes the focus when it opens (WAI-ARIA dialog pattern).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            className="mt-5 rounded-full bg-brand-600 px-8 py-2 font-semibold text-white hover:bg-brand-700"
          >
            OK
          </button>
        ) : (
          <Link
            to={closeHref}
            preventScrollReset
            className="mt-5 inline-block rounded-full bg-brand-600 px-8 py-2 font-semibold text-white hover:bg-brand-700"
          >
            OK
          </Link>
        )}
      </div>
    </div>
  );
}
