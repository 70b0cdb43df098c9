/**
 * How Listas de material says a list's state and a copy's outcome (issue 29): one home for
 * the period page, the list page and the toasts.
 */
import type { ListCopyPlan, ListSummary } from "#api/contract/gestor/material-lists.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { counted } from "#core/text.ts";

/** "Rascunho", "Publicada a partir de 02/01/2027", "Agendada: a partir de 10/01/2027". */
export function listStateText(list: Pick<ListSummary, "state" | "publishFrom">): string {
  if (list.state === "rascunho" || list.publishFrom === null) return "Rascunho";
  const day = formatCalendarDate(list.publishFrom);
  return list.state === "publicada" ? `Publicada a partir de ${day}` : `Agendada: publicada a partir de ${day}`;
}

const droppedText = (dropped: readonly { title: string }[]) =>
  dropped.length === 0
    ? ""
    : ` ${counted(dropped.length, "item ficou de fora", "itens ficaram de fora")} (produto desativado no catálogo): ${dropped.map((line) => line.title).join(", ")}.`;

/** After "Copiar do ano anterior". */
export function copiedListMessage(copy: { from: string; lines: number; dropped: readonly { title: string }[] }) {
  return `Lista copiada de ${copy.from} como rascunho: ${counted(copy.lines, "item", "itens")}.${droppedText(copy.dropped)}`;
}

/** After copying a period's lists: what was copied and what was skipped. */
export function copyPeriodMessage(plan: ListCopyPlan) {
  const skipped = plan.grades.filter((grade) => grade.action === "ignorar");
  const dropped = plan.grades.filter((grade) => grade.action === "copiar").flatMap((grade) => grade.dropped);
  return (
    `${counted(plan.copies, "lista copiada", "listas copiadas")} de ${plan.from} para ${plan.to} como rascunho.` +
    (skipped.length > 0
      ? ` Não copiadas: ${skipped.map((grade) => `${grade.codgrade} (${grade.reason!.replace(/\.$/, "").toLowerCase()})`).join("; ")}.`
      : "") +
    droppedText(dropped)
  );
}
