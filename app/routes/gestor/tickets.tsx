import { Form, Link } from "react-router";
import { TICKET_STATUSES, TICKET_STATUS_LABELS } from "#api/contract/gestor/tickets.ts";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import {
  GestorFilterInput,
  GestorFilterSelect,
  GestorPagination,
  GestorTable,
  gestorSecondaryButton,
} from "#app/features/gestor/gestor-ui.tsx";
import { ticketListPage } from "#app/features/gestor/tickets/tickets.server.ts";
import { brazilDateTime } from "#core/dates.ts";
import { SUPPORT_SUBJECTS, type SupportSubject } from "#core/validation/support-fields.ts";
import type { Route } from "./+types/tickets";

export const meta = () => [{ title: "Atendimento | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => ticketListPage(request);

export default function GestorTickets({ loaderData }: Route.ComponentProps) {
  const { list, filters } = loaderData;
  const hrefOf = (page: number) => `${GESTOR_PATHS.tickets}?${new URLSearchParams({ ...filters, page: String(page) })}`;
  return (
    <>
      <GestorPageHeader title="Atendimento" />
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" aria-label="Filtrar mensagens">
        <GestorFilterSelect
          idPrefix="atendimento"
          name="status"
          label="Situação"
          value={filters.status}
          options={[["", "Todas"], ...TICKET_STATUSES.map((status) => [status, TICKET_STATUS_LABELS[status]] as const)]}
        />
        <GestorFilterInput idPrefix="atendimento" name="from" label="Recebidas de" type="date" value={filters.from} />
        <GestorFilterInput idPrefix="atendimento" name="to" label="até" type="date" value={filters.to} />
        <GestorFilterInput
          idPrefix="atendimento"
          name="q"
          label="Nome, e-mail ou protocolo"
          value={filters.q}
          maxLength={100}
        />
        <button type="submit" className={gestorSecondaryButton}>
          Filtrar
        </button>
      </Form>
      <GestorTable
        caption="Mensagens do Fale conosco"
        headers={["Protocolo", "Recebida em", "Nome", "E-mail", "Assunto", "Situação"]}
        empty={list.total === 0 ? "Nenhuma mensagem encontrada." : null}
      >
        {list.rows.map((ticket) => {
          const { date, time } = brazilDateTime(ticket.createdAt);
          return (
            <tr key={ticket.id}>
              <td>
                <Link to={GESTOR_PATHS.ticket(ticket.id)} className="font-semibold underline">
                  {ticket.protocol}
                </Link>
              </td>
              <td>
                {date} {time}
              </td>
              <td>{ticket.name}</td>
              <td>{ticket.email}</td>
              <td>{SUPPORT_SUBJECTS[ticket.subject as SupportSubject] ?? ticket.subject}</td>
              <td>{TICKET_STATUS_LABELS[ticket.status]}</td>
            </tr>
          );
        })}
      </GestorTable>
      <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={hrefOf} />
    </>
  );
}
