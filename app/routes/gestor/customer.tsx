import type { SubmissionResult } from "@conform-to/react";
import {
  CustomerCart,
  CustomerData,
  CustomerSales,
  CustomerTickets,
  LinkedStudents,
} from "#app/features/gestor/customers/customer-page.tsx";
import { customerAction, loadCustomer } from "#app/features/gestor/customers/customers.server.ts";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { MessagesSection } from "#app/features/gestor/messages/message-tables.tsx";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.customer.name ?? "Cliente"} | Clientes | Gestor | Loja Escolar` },
];

export const loader = ({ request, params }: Route.LoaderArgs) => loadCustomer(request, params.customerId);

export const action = ({ request, params }: Route.ActionArgs) => customerAction(request, params.customerId);

export default function GestorCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData as { linkId?: string; result?: SubmissionResult<string[]> } | undefined;
  return (
    <>
      <GestorPageHeader title={loaderData.customer.name} />
      <CustomerData customer={loaderData.customer} />
      <LinkedStudents students={loaderData.students} refused={refused} />
      <CustomerSales sales={loaderData.sales} />
      <CustomerCart cart={loaderData.cart} cartHref={loaderData.cartHref} />
      <CustomerTickets tickets={loaderData.tickets} />
      <MessagesSection id="cliente-mensagens" messages={loaderData.messages} />
    </>
  );
}
