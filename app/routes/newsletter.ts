import { data, redirect } from "react-router";
import { storeApi } from "#app/.server/request-context.server.ts";
import { NEWSLETTER_PARAM, type NewsletterOutcome } from "#app/features/newsletter/newsletter-outcome.ts";
import type { Route } from "./+types/newsletter";
import { pathOf, returnUrl } from "#app/.server/return-path.server.ts";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const email = String(formData.get("email") ?? "").trim();
  let outcome: NewsletterOutcome = "vazio";
  if (email) {
    try {
      await storeApi(context).createNewsletter(email);
      outcome = "sucesso";
    } catch (error) {
      // Spec §8: any newsletter failure shows the already-registered dialog, and is logged.
      console.warn("[newsletter] inscrição recusada:", error instanceof Error ? error.message : error);
      outcome = "erro";
    }
  }
  if (formData.get("via") === "fetcher") return data({ outcome }, { status: outcome === "sucesso" ? 200 : 400 });
  const back = returnUrl(formData);
  back.searchParams.set(NEWSLETTER_PARAM, outcome);
  if (outcome === "vazio") back.hash = "newsletter";
  return redirect(pathOf(back));
}
