/**
 * One sale at the counter (issue 30; docs/decisions/0075, 0076): who may receive (the account
 * holder and the people they named, CPF masked: the staff checks it against a document), each
 * student's lines with their state, a box for each line that can be handed over now (separated
 * or ready, of the person's units), who received what was picked up, and the history.
 */
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { PickupSale } from "#api/contract/gestor/delivery.ts";
import { brazilDateTime } from "#core/dates.ts";
import { canMove, DELIVERY_EVENT_LABELS, DELIVERY_STATE_LABELS, type DeliveryEventKind } from "#core/delivery.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorButton, gestorCard, GestorSection, GestorTable } from "../gestor-ui.tsx";

type Line = PickupSale["bags"][number]["lines"][number];

const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

const canHandOver = (line: Line) =>
  !line.otherUnit && line.state !== "seat_confirmed" && canMove("handOver", line.state);

function LineState({ line }: { line: Line }) {
  if (line.handover)
    return (
      <>
        {DELIVERY_STATE_LABELS.picked_up}
        <span className="block text-slate-600">
          por {line.handover.receivedByName} em {when(line.handover.at)}, entregue por {line.handover.staffName}
        </span>
      </>
    );
  if (line.state === "awaiting")
    return (
      <>
        {DELIVERY_STATE_LABELS.awaiting}
        <span className="block text-slate-600">Ainda não separado: não pode ser entregue.</span>
      </>
    );
  return <>{DELIVERY_STATE_LABELS[line.state]}</>;
}

/** What the last refused send had ticked and chosen; nothing before a send. */
export interface CounterSaleSent {
  lineIds: string[];
  receiverId: string | null;
}

/**
 * No receiver is chosen beforehand: the staff picks who is in front of her (decision 0076), so a
 * handover never records the holder by default.
 */
export function CounterSaleForm({
  sale,
  error,
  sent,
}: {
  sale: PickupSale;
  error: string | null;
  sent: CounterSaleSent | null;
}) {
  const anyToHandOver = sale.bags.some((bag) => bag.lines.some(canHandOver));
  return (
    <Form method="post" className="flex flex-col gap-4">
      <AuthenticityTokenInput name="csrf" />
      {error ? (
        <p role="alert" className={`${gestorCard} border-red-300 text-red-800`}>
          {error}
        </p>
      ) : null}
      <fieldset className={gestorCard}>
        <legend className="px-1 font-bold text-slate-900">Quem está retirando</legend>
        {sale.receivers.length === 0 ? (
          // A deleted account has no holder nor named people any more (counter-sale.ts receiversOf).
          <p className="mb-2 text-slate-700">A conta deste pedido foi excluída: ninguém pode retirar pelo balcão.</p>
        ) : (
          <p className="mb-2 text-slate-700">Confira o documento: só estas pessoas podem retirar.</p>
        )}
        {sale.receivers.map((person) => (
          <label key={person.id ?? "titular"} className="flex items-center gap-2">
            <input
              type="radio"
              name="receiverId"
              value={person.id ?? ""}
              defaultChecked={sent?.receiverId === (person.id ?? "")}
            />
            <span>
              {person.name} · CPF {person.cpf}
              {person.id === null ? " (titular da conta)" : ""}
            </span>
          </label>
        ))}
      </fieldset>
      {sale.bags.map((bag) => (
        <GestorSection
          key={bag.id}
          id={`sacola-${bag.id}`}
          title={`${bag.studentName}${bag.studentRA ? ` · RA ${bag.studentRA}` : ""}`}
        >
          {bag.gradeLabel ? (
            <p className="mb-2 text-slate-700">
              {bag.gradeLabel}
              {bag.turma ? ` · Turma ${bag.turma}` : ""}
            </p>
          ) : null}
          <GestorTable
            caption={`Itens de ${bag.studentName}`}
            headers={["Entregar", "Item", "Quantidade", "Situação", ""]}
          >
            {bag.lines.map((line) => (
              <tr key={line.id} data-testid="counter-line">
                <td>
                  {canHandOver(line) ? (
                    <input
                      type="checkbox"
                      name="lineIds"
                      value={line.id}
                      defaultChecked={sent?.lineIds.includes(line.id) ?? false}
                      aria-label={`Entregar ${line.title}${line.optionValue ? ` (${line.optionValue})` : ""}`}
                    />
                  ) : null}
                </td>
                <td>
                  {line.title}
                  {line.optionName && line.optionValue ? (
                    <span className="block text-slate-600">
                      {line.optionName}: {line.optionValue}
                    </span>
                  ) : null}
                  {line.otherUnit ? <span className="block text-slate-600">De outra unidade</span> : null}
                </td>
                <td>{line.quantity}</td>
                <td>
                  <LineState line={line} />
                </td>
                <td>
                  {line.optionValue && !line.otherUnit && line.state !== "seat_confirmed" ? (
                    <Link to={GESTOR_PATHS.exchangeLine(line.id)} className="underline">
                      Trocar tamanho
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </GestorTable>
        </GestorSection>
      ))}
      {anyToHandOver ? (
        <div>
          <button type="submit" className={gestorButton}>
            Entregar itens marcados
          </button>
        </div>
      ) : (
        <p className="text-slate-700">Nenhum item desta unidade está pronto para entregar agora.</p>
      )}
    </Form>
  );
}

export function CounterSaleHistory({ history }: { history: PickupSale["history"] }) {
  return (
    <GestorSection id="historico-entrega" title="Histórico da entrega">
      {history.length === 0 ? (
        <p className="text-slate-700">Nada separado, entregue ou trocado ainda.</p>
      ) : (
        <ol className={`${gestorCard} flex flex-col gap-1`} data-testid="counter-history">
          {history.map((entry, index) => (
            <li key={index}>
              <span className="text-slate-600">{when(entry.at)}</span> · {entry.lineTitle}:{" "}
              {DELIVERY_EVENT_LABELS[entry.kind as DeliveryEventKind] ?? entry.kind}
              {entry.note ? ` (${entry.note})` : ""}
              {entry.receivedByName ? `, retirado por ${entry.receivedByName}` : ""}
              {entry.staffName ? ` · ${entry.staffName}` : ""}
            </li>
          ))}
        </ol>
      )}
    </GestorSection>
  );
}
