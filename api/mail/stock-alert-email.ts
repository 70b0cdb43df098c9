/**
 * "Chegou": the one e-mail of an "Avise-me quando chegar" alert, when the item it waited for is
 * back in stock (api/stock/alerts-on-return.ts). As text and as simple HTML, everything escaped.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import { brazilDateTime } from "#core/dates.ts";
import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./mailer.ts";

export interface ReturnedItem {
  /** "Camisa Polo (Tamanho M)": the product and, for a size, its option. */
  name: string;
  /** The product page, absolute. */
  link: string;
  /** The unit that sells it ("Colégio Saber - Boa Viagem"). */
  unitName: string;
}

/** "Camisa Polo (Tamanho M)", or the product's title alone when it has no options. */
export function returnedItemName(title: string, option: { name: string | null; value: string | null }): string {
  if (!option.value) return title;
  return `${title} (${option.name ? `${option.name} ${option.value}` : option.value})`;
}

export function stockAlertEmail(to: string, item: ReturnedItem, alert: { createdAt: string }): Omit<MailMessage, "id"> {
  const askedOn = brazilDateTime(alert.createdAt).date;
  const intro = `O item que você pediu para avisarmos voltou ao estoque: ${item.name}, da unidade ${item.unitName}.`;
  const hurry = "O estoque não fica reservado para você: garanta o seu enquanto houver.";
  const why = `Você recebeu este e-mail porque pediu, em ${askedOn}, para ser avisado quando este item chegasse. Este é o único aviso sobre ele.`;
  const text = ["Olá!", "", intro, hurry, "", `Ver o produto: ${item.link}`, "", why, "", "Loja Escolar"].join("\n");
  const href = escapeHtml(item.link);
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
  <p>Olá!</p>
  <p>${escapeHtml(intro)}</p>
  <p>${escapeHtml(hurry)}</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; border-radius: 6px; text-decoration: none">Ver o produto</a></p>
  <p>Se o botão não abrir, copie este endereço no navegador:<br><a href="${href}">${href}</a></p>
  <p>${escapeHtml(why)}</p>
  <p>Loja Escolar</p>
</body>
</html>`;
  return { to, subject: `Chegou: ${item.name} - Loja Escolar`, text, html };
}
