import { Link } from "react-router";
import { FAILED_MESSAGES_HOURS } from "#api/contract/gestor/messages.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { FailedMessagesTable } from "#app/features/gestor/messages/message-tables.tsx";
import { failedMessagesPage } from "#app/features/gestor/messages/messages.server.ts";
import type { Route } from "./+types/messages";

export const meta = () => [{ title: "Mensagens com falha | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => failedMessagesPage(request);

export default function GestorFailedMessages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2">
        <Link to={GESTOR_PATHS.home} className="underline">
          ← Painel
        </Link>
      </p>
      <GestorPageHeader title="Mensagens com falha" />
      <p className="mb-3 text-slate-700">
        E-mails e mensagens de WhatsApp que falharam nas últimas {FAILED_MESSAGES_HOURS} horas. Quando o WhatsApp falha,
        a loja envia a mesma mensagem por e-mail, se tiver uma; confira o celular e o e-mail na página do cliente.
      </p>
      <FailedMessagesTable messages={loaderData.messages} />
    </>
  );
}
