/**
 * The messages the store sent (issue 31), as the gestor reads them: a customer's and a sale's
 * (their pages' "Mensagens" section) and the Painel's failures of the last day. Server-rendered
 * tables, nothing to click but links: the same without JavaScript.
 */
import { Link } from "react-router";
import {
  FELL_BACK_TO_EMAIL,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_STATUS_LABELS,
  type FailedMessage,
  type SentMessage,
} from "#api/contract/gestor/messages.ts";
import { brazilDateTime } from "#core/dates.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { GestorSection, GestorTable } from "../gestor-ui.tsx";

/** "27/11/2026 14:30", in Brasília's time. */
const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

function StatusCell({ message }: { message: SentMessage }) {
  return (
    <td>
      {MESSAGE_STATUS_LABELS[message.status]}
      {message.statusAt ? <span className="block text-sm text-slate-600">{when(message.statusAt)}</span> : null}
    </td>
  );
}

function ErrorCell({ message }: { message: SentMessage }) {
  return (
    <td>
      {message.error ?? ""}
      {message.fellBackToEmail ? <span className="block font-semibold">{FELL_BACK_TO_EMAIL}</span> : null}
    </td>
  );
}

/** A customer's or a sale's messages, newest first. */
export function MessagesSection({ id, messages }: { id: string; messages: readonly SentMessage[] }) {
  return (
    <GestorSection id={id} title="Mensagens">
      <GestorTable
        caption="Mensagens enviadas (e-mail e WhatsApp)"
        headers={["Canal", "Mensagem", "Para", "Criada em", "Situação", "Erro"]}
        empty={messages.length === 0 ? "Nenhuma mensagem enviada." : null}
      >
        {messages.map((message) => (
          <tr key={`${message.channel}-${message.id}`}>
            <td>{MESSAGE_CHANNEL_LABELS[message.channel]}</td>
            <td>{message.title}</td>
            <td>{message.recipient}</td>
            <td>{when(message.createdAt)}</td>
            <StatusCell message={message} />
            <ErrorCell message={message} />
          </tr>
        ))}
      </GestorTable>
    </GestorSection>
  );
}

/** The Painel's list: what failed in the last day, with links to whom and what it was about. */
export function FailedMessagesTable({ messages }: { messages: readonly FailedMessage[] }) {
  return (
    <GestorTable
      caption="Mensagens com falha nas últimas 24 horas"
      headers={["Canal", "Mensagem", "Para", "Falhou em", "Erro", "Cliente", "Pedido"]}
      empty={messages.length === 0 ? "Nenhuma mensagem falhou nas últimas 24 horas." : null}
    >
      {messages.map((message) => (
        <tr key={`${message.channel}-${message.id}`}>
          <td>{MESSAGE_CHANNEL_LABELS[message.channel]}</td>
          <td>{message.title}</td>
          <td>{message.recipient}</td>
          <td>{when(message.statusAt ?? message.createdAt)}</td>
          <ErrorCell message={message} />
          <td>
            {message.customer ? (
              <Link to={GESTOR_PATHS.customer(message.customer.id)} className="underline">
                {message.customer.name}
              </Link>
            ) : null}
          </td>
          <td>
            {message.saleId ? (
              <Link to={GESTOR_PATHS.sale(message.saleId)} className="underline">
                {message.saleReferenceCode ?? "Ver o pedido"}
              </Link>
            ) : null}
          </td>
        </tr>
      ))}
    </GestorTable>
  );
}
