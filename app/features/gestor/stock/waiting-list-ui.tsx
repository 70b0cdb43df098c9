/**
 * A class's waiting list on its Estoque page (issue 28: "the gestor sees and reorders the
 * list"; api/contract/gestor/waiting-list.ts): who waits, first first, since when, and whether a
 * seat is held for them; for admins and secretaries, "Subir", "Descer" and "Remover" as plain
 * POST forms (no JavaScript needed). A move carries the neighbour this page shows, so a line
 * changed in another tab is refused rather than reordered past someone unseen.
 */
import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { WAITING_STATUS_LABELS, type GestorWaitingEntry } from "#api/contract/gestor/waiting-list.ts";
import { brazilDateTime } from "#core/dates.ts";
import { gestorDangerButton, gestorSecondaryButton, GestorTable } from "../gestor-ui.tsx";

const dateTime = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

const whoWaits = (entry: GestorWaitingEntry) => entry.name ?? entry.email;

/** "3 na lista de espera", as the page and Estoque's list say it. */
export const waitingCount = (n: number) => `${n} na lista de espera`;

function EntryButton({
  item,
  entry,
  intent,
  fields,
  label,
  ariaLabel,
  className,
}: {
  item: { unitCode: string; itemTOTVSId: number };
  entry: GestorWaitingEntry;
  intent: "waiting-move" | "waiting-remove";
  fields: Record<string, string>;
  label: string;
  ariaLabel: string;
  className: string;
}) {
  // A second click while the first is on its way would only meet "a lista mudou".
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="inline">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="unitCode" value={item.unitCode} />
      <input type="hidden" name="itemTOTVSId" value={item.itemTOTVSId} />
      <input type="hidden" name="entryId" value={entry.id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className} aria-label={ariaLabel} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export function WaitingListTable({
  item,
  entries,
  canChange,
  error,
}: {
  item: { unitCode: string; itemTOTVSId: number };
  entries: readonly GestorWaitingEntry[];
  canChange: boolean;
  error?: string;
}) {
  return (
    <>
      <p className="mb-2 text-slate-700" data-testid="lista-de-espera-total">
        {waitingCount(entries.length)}
      </p>
      {error ? (
        <p role="alert" className="mb-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      ) : null}
      <GestorTable
        caption="Lista de espera"
        headers={["Posição", "Quem espera", "Desde", "Situação", ...(canChange ? ["Ações"] : [])]}
        empty={entries.length === 0 ? "Ninguém na lista de espera desta turma." : null}
      >
        {entries.map((entry, index) => {
          const above = entries[index - 1];
          const below = entries[index + 1];
          return (
            <tr key={entry.id} data-testid="lista-de-espera-linha">
              <td className="font-mono">{entry.place}º</td>
              <td>
                <span className="font-semibold text-slate-900">{whoWaits(entry)}</span>
                {entry.name ? <span className="block text-xs text-slate-600">{entry.email}</span> : null}
              </td>
              <td className="whitespace-nowrap">{dateTime(entry.since)}</td>
              <td>
                {WAITING_STATUS_LABELS[entry.status]}
                {entry.offerExpiresAt ? (
                  <span className="block text-xs text-slate-600">até {dateTime(entry.offerExpiresAt)}</span>
                ) : null}
              </td>
              {canChange ? (
                <td>
                  <div className="flex flex-wrap gap-2">
                    {above ? (
                      <EntryButton
                        item={item}
                        entry={entry}
                        intent="waiting-move"
                        fields={{ direction: "up", neighbourId: above.id }}
                        label="Subir"
                        ariaLabel={`Subir ${whoWaits(entry)}`}
                        className={gestorSecondaryButton}
                      />
                    ) : null}
                    {below ? (
                      <EntryButton
                        item={item}
                        entry={entry}
                        intent="waiting-move"
                        fields={{ direction: "down", neighbourId: below.id }}
                        label="Descer"
                        ariaLabel={`Descer ${whoWaits(entry)}`}
                        className={gestorSecondaryButton}
                      />
                    ) : null}
                    <EntryButton
                      item={item}
                      entry={entry}
                      intent="waiting-remove"
                      fields={{}}
                      label="Remover"
                      ariaLabel={`Remover ${whoWaits(entry)} da lista de espera`}
                      className={gestorDangerButton}
                    />
                  </div>
                </td>
              ) : null}
            </tr>
          );
        })}
      </GestorTable>
    </>
  );
}
