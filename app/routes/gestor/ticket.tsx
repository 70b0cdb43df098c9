import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { TICKET_REPLY_MAX, TICKET_STATUS_LABELS, ticketReplyFields } from "#api/contract/gestor/tickets.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GestorActionForm, gestorButton, gestorCard, GestorDetails } from "#app/features/gestor/gestor-ui.tsx";
import { ticketAction, ticketPage } from "#app/features/gestor/tickets/tickets.server.ts";
import { brazilDateTime } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { SUPPORT_SUBJECTS, type SupportSubject } from "#core/validation/support-fields.ts";
import { FormErrors, TextAreaField } from "#app/ui/form-field.tsx";
import type { Route } from "./+types/ticket";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Mensagem ${loaderData.ticket.protocol}` : "Mensagem"} | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => ticketPage(request, params.ticketId);

export const action = ({ request, params }: Route.ActionArgs) => ticketAction(request, params.ticketId);

const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} às ${time}`;
};

export default function GestorTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket, replies } = loaderData;
  const reply = actionData as { result?: SubmissionResult<string[]> } | undefined;
  const closed = ticket.status === "fechado";
  const details: [string, React.ReactNode][] = [
    ["Situação", <span data-testid="ticket-status">{TICKET_STATUS_LABELS[ticket.status]}</span>],
    ["Recebida em", when(ticket.createdAt)],
    ["Assunto", SUPPORT_SUBJECTS[ticket.subject as SupportSubject] ?? ticket.subject],
    ["Nome", ticket.name],
    ["E-mail", ticket.email],
    ["Telefone", ticket.phone ? maskPhone(ticket.phone) : "não informado"],
    ["RA do aluno", ticket.ra ?? "não informado"],
    [
      "Conta na loja",
      ticket.customerId ? (
        <Link to={`/gestor/clientes/${ticket.customerId}`} className="underline">
          Ver cliente
        </Link>
      ) : (
        "não (visitante)"
      ),
    ],
  ];
  return (
    <>
      <GestorPageHeader title={`Mensagem ${ticket.protocol}`}>
        {closed ? (
          <GestorActionForm intent="reopen" label="Reabrir mensagem" />
        ) : (
          <GestorActionForm intent="close" label="Fechar mensagem" />
        )}
      </GestorPageHeader>
      <GestorDetails details={details} columns="sm:grid-cols-2 lg:grid-cols-4" />
      <section aria-labelledby="conversa" className="mb-6">
        <h2 id="conversa" className="mb-2 text-lg font-bold text-slate-900">
          Conversa
        </h2>
        <ol className="flex flex-col gap-3">
          <li className={gestorCard}>
            <p className="text-xs font-semibold text-slate-600">
              {ticket.name}, {when(ticket.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-line">{ticket.message}</p>
          </li>
          {replies.map((answer) => (
            <li key={answer.id} className={`${gestorCard} ml-6 border-slate-300 bg-slate-50`}>
              <p className="text-xs font-semibold text-slate-600">
                Resposta de {answer.staffName}, {when(answer.at)}
              </p>
              <p className="mt-1 whitespace-pre-line">{answer.message}</p>
            </li>
          ))}
        </ol>
      </section>
      {closed ? (
        <p className={gestorCard}>Mensagem fechada. Reabra-a para responder.</p>
      ) : (
        <ReplyForm key={replies.length} result={reply?.result} email={ticket.email} />
      )}
    </>
  );
}

function ReplyForm({ result, email }: { result?: SubmissionResult<string[]>; email: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "resposta",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ticketReplyFields }),
  });
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="responder">
      <h2 id="responder" className="mb-2 text-lg font-bold text-slate-900">
        Responder por e-mail
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate className={`${gestorCard} flex flex-col gap-3`}>
        <AuthenticityTokenInput name="csrf" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextAreaField
          meta={fields.message}
          label="Resposta"
          hint={`Vai para ${email}, com o protocolo. Até ${TICKET_REPLY_MAX.toLocaleString("pt-BR")} caracteres.`}
          maxLength={TICKET_REPLY_MAX}
        />
        <div>
          <button type="submit" name="intent" value="reply" disabled={busy} className={gestorButton}>
            {busy ? "Enviando..." : "Enviar resposta"}
          </button>
        </div>
      </Form>
    </section>
  );
}
