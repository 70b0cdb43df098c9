import { firstName } from "#core/text.ts";
import { linkEmailBody } from "../../mail/link-email.ts";
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
  const body = linkEmailBody({
    greeting: `Olá, ${firstName(name) || "equipe"}!`,
    intro:
      purpose === "convite"
        ? "Você foi convidado(a) para a área do gestor da Loja Escolar."
        : "Um administrador pediu a redefinição da sua senha na área do gestor da Loja Escolar.",
    lead: "Para definir sua senha, abra o link abaixo:",
    link,
    action: purpose === "convite" ? "Definir minha senha" : "Criar nova senha",
    buttonColor: "#0f172a",
    notes: [
      "O link vale por 72 horas e só pode ser usado uma vez.",
      "Se você não esperava esta mensagem, ignore-a e avise a equipe da escola.",
    ],
  });
  const subject =
    purpose === "convite" ? "Convite para a área do gestor da Loja Escolar" : "Redefinição de senha da área do gestor";
  return { to, subject, ...body };
}
