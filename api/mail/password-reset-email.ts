import { firstName } from "#core/text.ts";
import { linkEmailBody } from "./link-email.ts";
import type { MailMessage } from "./mailer.ts";

/** The password-reset e-mail, in Portuguese, as text and simple HTML. */
export function passwordResetEmail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  const body = linkEmailBody({
    greeting: `Olá, ${firstName(name) || "cliente"}!`,
    intro: "Recebemos um pedido para redefinir a senha da sua conta na Loja Escolar.",
    lead: "Para criar uma nova senha, abra o link abaixo:",
    link,
    action: "Criar nova senha",
    buttonColor: "#1d4ed8",
    notes: [
      "O link vale por 1 hora. Ele só pode ser usado uma vez.",
      "Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.",
    ],
  });
  return { to, subject: "Redefinição de senha da Loja Escolar", ...body };
}
