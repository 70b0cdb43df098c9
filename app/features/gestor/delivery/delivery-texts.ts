/**
 * What Separação and Prontos say after a move (issue 30): how many items moved and, when a
 * second tab or a double click had already moved some, that those stayed as they were.
 */
import { DELIVERY_MESSAGES, type DeliveryMoveReply } from "#api/contract/gestor/delivery.ts";

export type BagMoveIntent = "separate" | "unseparate" | "ready";

const DONE: Record<BagMoveIntent, [one: string, many: string]> = {
  separate: ["item marcado como separado", "itens marcados como separados"],
  unseparate: ["item voltou para Aguardando separação", "itens voltaram para Aguardando separação"],
  ready: ["item marcado como pronto para retirada", "itens marcados como prontos para retirada"],
};

export function moveToast(intent: BagMoveIntent, { moved, skipped }: DeliveryMoveReply): string {
  if (moved === 0) return DELIVERY_MESSAGES.nothingMoved;
  const [one, many] = DONE[intent];
  const done = `${moved} ${moved === 1 ? one : many}.`;
  const mailed = intent === "ready" ? " Os responsáveis foram avisados por e-mail." : "";
  const already =
    skipped === 0
      ? ""
      : skipped === 1
        ? " 1 item já tinha sido movido antes (em outra aba?) e ficou como estava."
        : ` ${skipped} itens já tinham sido movidos antes (em outra aba?) e ficaram como estavam.`;
  return `${done}${mailed}${already}`;
}

/** "há 3 dias", "hoje". */
export const waitedFor = (days: number) => (days === 0 ? "desde hoje" : days === 1 ? "há 1 dia" : `há ${days} dias`);
