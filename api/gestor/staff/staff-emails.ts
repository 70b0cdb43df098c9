import { firstName } from "#core/text.ts";
import { escapeHtml } from "../../mail/escape-html.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import type { PasswordLinkPurpose } from "./password-links.ts";

/** A staff member's one-time link to set their password: an invitation or an admin's reset. */
export function staffPasswordLinkEmail({
  to,
  name,
  link,
  purpose,
}: {
  to: string;
  name: string;
  link: string;
  purpose: PasswordLinkPurpose;
}): Omit<MailMessage, "id"> {
  const greeting = `Olá, ${firstName(name) || "equipe"}!`;
  const intro =
    purpose === "convite"
      ? "Você foi convidado(a) para a área do gestor da Loja Escolar."
      : "Um administrador pediu a redefinição da sua senha na área do gestor da Loja Escolar.";
  const action = purpose === "convite" ? "Definir minha senha" : "Criar nova senha";
  const lines = [
    "O link vale por 72 horas e só pode ser usado uma vez.",
    "Se você não esperava esta mensagem, ignore-a e avise a equipe da escola.",
  ];
  const text = [
    greeting,
    "",
    intro,
    "Para definir sua senha, abra o link abaixo:",
    "",
    link,
    "",
    ...lines,
    "",
    "Loja Escolar",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
  <p>${escapeHtml(greeting)}</p>
  <p>${escapeHtml(intro)}</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #0f172a; color: #ffffff; border-radius: 6px; text-decoration: none">${action}</a></p>
  <p>Se o botão não abrir, copie este endereço no navegador:<br><a href="${href}">${href}</a></p>
  ${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n  ")}
  <p>Loja Escolar</p>
</body>
</html>`;
  const subject =
    purpose === "convite" ? "Convite para a área do gestor da Loja Escolar" : "Redefinição de senha da área do gestor";
  return { to, subject, text, html };
}
