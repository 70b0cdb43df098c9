/** Where a newsletter submission ended; carried in ?newsletter= without JavaScript. */
export type NewsletterOutcome = "sucesso" | "erro" | "vazio";
export const NEWSLETTER_PARAM = "newsletter";

export function isNewsletterOutcome(value: unknown): value is NewsletterOutcome {
  return value === "sucesso" || value === "erro" || value === "vazio";
}
