import { escapeHtml } from "./escape-html.ts";

/**
 * The body of an e-mail that carries one single-use link (a customer's password reset, a staff
 * member's invitation or reset): greeting, why it came, the link as a button and as a plain
 * address, the notes on its use, the store's name. As text and as simple HTML, everything escaped.
 */
export function linkEmailBody({
  greeting,
  intro,
  lead,
  link,
  action,
  buttonColor,
  notes,
}: {
  greeting: string;
  /** Why the e-mail came, one sentence. */
  intro: string;
  /** The text version's line before the address ("Para … abra o link abaixo:"). */
  lead: string;
  link: string;
  /** The button's label. */
  action: string;
  /** The button's background: the storefront's brand or the gestor area's dark. */
  buttonColor: string;
  /** How long the link lasts and what to do with an unexpected e-mail. */
  notes: readonly string[];
}): { text: string; html: string } {
  const text = [greeting, "", intro, lead, "", link, "", ...notes, "", "Loja Escolar"].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
  <p>${escapeHtml(greeting)}</p>
  <p>${escapeHtml(intro)}</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: ${buttonColor}; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(action)}</a></p>
  <p>Se o botão não abrir, copie este endereço no navegador:<br><a href="${href}">${href}</a></p>
  ${notes.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n  ")}
  <p>Loja Escolar</p>
</body>
</html>`;
  return { text, html };
}
