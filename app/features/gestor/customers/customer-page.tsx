import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { GestorCustomerDetails } from "#api/contract/gestor/customers.ts";
import { TICKET_STATUS_LABELS } from "#api/contract/gestor/tickets.ts";
import { paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { formatAddress } from "#app/features/students/students.ts";
import { gradeLine, periodYear } from "#core/school-years.ts";
import { formatCpf } from "#core/cpf.ts";
import { brazilDateTime, formatCalendarDate } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { SUPPORT_SUBJECTS } from "#core/validation/support-fields.ts";
import { FormErrors, TextAreaField } from "#app/ui/form-field.tsx";
import { gestorCard, gestorDangerButton, GestorSection, GestorTable } from "../gestor-ui.tsx";
import { UNLINK_INTENT, unlinkSchema } from "./customer-forms.ts";

type Details = GestorCustomerDetails;
const date = (iso: string) => brazilDateTime(iso).date;

export function CustomerData({ customer }: { customer: Details["customer"] }) {
  const address = formatAddress({
    rua: customer.street,
    numero: customer.houseNumber,
    complemento: customer.complement,
    bairro: customer.neighborhood,
    cidade: customer.city,
    estado: customer.state,
    cep: customer.zipcode,
  });
  const rows: [string, string][] = [
    ["E-mail", customer.email],
    ["CPF", formatCpf(customer.cpf)],
    ["Celular", maskPhone(customer.cellPhone)],
    ["Data de nascimento", formatCalendarDate(customer.birthDate)],
    ["Endereço", address ?? "Não informado"],
    ["Cliente desde", date(customer.createdAt)],
  ];
  return (
    <GestorSection id="cliente-dados" title="Dados">
      <dl className={`${gestorCard} grid grid-cols-[auto_1fr] gap-x-4 gap-y-1`}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </GestorSection>
  );
}

/** "Desvincular": the reason is required (it goes to the audit log) and is the confirmation, without JavaScript too. */
function UnlinkForm({
  student,
  lastResult,
}: {
  student: Details["students"][number];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `desvincular-${student.linkId}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: unlinkSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex min-w-56 flex-col gap-2">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="linkId" value={student.linkId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextAreaField
        meta={fields.reason}
        label={`Motivo para desvincular ${student.name}`}
        hint="Obrigatório; fica registrado na auditoria. O estudante sai da conta do cliente e a sacola dele sai do carrinho."
        maxLength={500}
        rows={2}
      />
      <button type="submit" name="intent" value={UNLINK_INTENT} className={gestorDangerButton}>
        Desvincular estudante
      </button>
    </Form>
  );
}

export function LinkedStudents({
  students,
  refused,
}: {
  students: Details["students"];
  refused?: { linkId?: string; result?: SubmissionResult<string[]> };
}) {
  const unitName = useUnitName();
  return (
    <GestorSection id="cliente-estudantes" title="Estudantes vinculados">
      <GestorTable
        caption="Estudantes vinculados"
        headers={["Nome", "RA", "Unidade", "Período letivo", "Série", "Vinculado(a) em", "Desvincular"]}
        empty={students.length === 0 ? "Nenhum estudante vinculado." : null}
      >
        {students.map((student) => (
          <tr key={student.linkId}>
            <td className="font-semibold">{student.name}</td>
            <td>{student.RA ?? "Sem RA"}</td>
            <td>{student.schoolYear ? unitName(student.schoolYear.CODCOLIGADA) : "—"}</td>
            <td>
              {student.schoolYear && !student.schoolYear.deletedAt ? periodYear(student.schoolYear.CODPERLET) : "—"}
            </td>
            <td>{gradeLine(student.schoolYear ?? undefined) ?? "—"}</td>
            <td>{date(student.linkedAt)}</td>
            <td>
              <UnlinkForm
                student={student}
                lastResult={refused?.linkId === student.linkId ? refused.result : undefined}
              />
            </td>
          </tr>
        ))}
      </GestorTable>
    </GestorSection>
  );
}

export function CustomerSales({ sales }: { sales: Details["sales"] }) {
  return (
    <GestorSection id="cliente-pedidos" title="Pedidos">
      <GestorTable
        caption="Pedidos do cliente"
        headers={["Código", "Data", "Pagamento", "Situação", "Total"]}
        empty={sales.length === 0 ? "Nenhum pedido." : null}
      >
        {sales.map((sale) => (
          <tr key={sale.saleId}>
            <td>
              <Link to={`/gestor/pedidos/${sale.saleId}`} className="font-semibold underline">
                {sale.referenceCode}
              </Link>
            </td>
            <td>{date(sale.createdAt)}</td>
            <td>{paymentMethodLabel(sale.paymentMethodCode)}</td>
            <td>{saleStatusLabel(sale.status)}</td>
            <td className="whitespace-nowrap">{formatBRL(centsToReais(sale.totalCents))}</td>
          </tr>
        ))}
      </GestorTable>
    </GestorSection>
  );
}

export function CustomerCart({ cart, cartHref }: { cart: Details["cart"]; cartHref: string }) {
  return (
    <GestorSection id="cliente-carrinho" title="Carrinho aberto">
      <p className={gestorCard}>
        {cart ? (
          <>
            {cart.itemCount === 1 ? "1 item" : `${cart.itemCount} itens`}, atualizado em {date(cart.updatedAt)}.{" "}
            <Link to={cartHref} className="font-semibold underline">
              Ver em Carrinhos
            </Link>
          </>
        ) : (
          "Nenhum carrinho aberto."
        )}
      </p>
    </GestorSection>
  );
}

export function CustomerTickets({ tickets }: { tickets: Details["tickets"] }) {
  return (
    <GestorSection id="cliente-atendimento" title="Atendimento">
      <GestorTable
        caption="Mensagens do cliente"
        headers={["Protocolo", "Assunto", "Situação", "Data"]}
        empty={tickets.length === 0 ? "Nenhuma mensagem." : null}
      >
        {tickets.map((ticket) => (
          <tr key={ticket.id}>
            <td>
              <Link to={`/gestor/atendimento/${ticket.id}`} className="font-semibold underline">
                {ticket.protocol}
              </Link>
            </td>
            <td>{SUPPORT_SUBJECTS[ticket.subject as keyof typeof SUPPORT_SUBJECTS] ?? ticket.subject}</td>
            <td>{TICKET_STATUS_LABELS[ticket.status]}</td>
            <td>{date(ticket.createdAt)}</td>
          </tr>
        ))}
      </GestorTable>
    </GestorSection>
  );
}
