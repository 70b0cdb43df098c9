import { firstName } from "#core/text.ts";
import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./mailer.ts";

/** The password-reset e-mail, in Portuguese, as text and simple HTML. */
export function passwordResetEmail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  const greeting = `Olá, ${firstName(name) || "cliente"}!`;
  const text = [
    greeting,
    "",
    "Recebemos um pedido para redefinir a senha da sua conta na Loja Escolar.",
    "Para criar uma nova senha, abra o link abaixo:",
    "",
    link,
    "",
    "O link vale por 1 hora. Ele só pode ser usado uma vez.",
    "Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.",
    "",
    "Loja Escolar",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
  <p>${escapeHtml(greeting)}</p>
  <p>Recebemos um pedido para redefinir a senha da sua conta na Loja Escolar.</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; border-radius: 6px; text-decoration: none">Criar nova senha</a></p>
  <p>Se o botão não abrir, copie este endereço no navegador:<br><a href="${href}">${href}</a></p>
  <p>O link vale por 1 hora. Ele só pode ser usado uma vez.</p>
  <p>Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>
  <p>Loja Escolar</p>
</body>
</html>`;
  return { to, subject: "Redefinição de senha da Loja Escolar", text, html };
}
