/**
 * Delivery at the unit (issue 30; docs/decisions/0075-delivery-at-the-unit.md): the states of
 * a paid line, what each is called, which moves the unit's staff may make, and the pickup code
 * the family shows at the counter (docs/decisions/0076-pickup-code.md). The one home of these
 * rules: the API enforces them, the storefront and the gestor's pages name them.
 */
import { z } from "zod";

/** A line of goods of a paid sale, from the unit's shelf to the family's hands. */
export const GOODS_DELIVERY_STATES = ["awaiting", "separated", "ready", "picked_up"] as const;
export const goodsDeliveryState = z.enum(GOODS_DELIVERY_STATES);
export type GoodsDeliveryState = z.infer<typeof goodsDeliveryState>;

/** What still waits at the unit: every state before "Retirado". */
export const PENDING_DELIVERY_STATES = [
  "awaiting",
  "separated",
  "ready",
] as const satisfies readonly GoodsDeliveryState[];

/** What a paid line shows: a course or event (TIPO S) is "Vaga confirmada" once paid. */
export const deliveryState = z.enum([...GOODS_DELIVERY_STATES, "seat_confirmed"]);
export type DeliveryState = z.infer<typeof deliveryState>;

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  awaiting: "Aguardando separação",
  separated: "Separado",
  ready: "Pronto para retirada",
  picked_up: "Retirado",
  seat_confirmed: "Vaga confirmada",
};

/** Spec §7 TIPO S: a course or an event, which has a seat and nothing to pick up. */
export const isSeatType = (type: string) => type === "S";

/** What a line of a paid sale shows: its stored state for goods, "Vaga confirmada" for a seat. */
export function deliveryStateOf(line: { type: string; delivery_state: GoodsDeliveryState }): DeliveryState {
  return isSeatType(line.type) ? "seat_confirmed" : line.delivery_state;
}

/**
 * What the family and the gestor see of a line's delivery, the one rule of "in the delivery
 * flow": a paid sale's line shows its state; a line already picked up stays "Retirado" whatever
 * the sale became since (a refund after pickup, 0075); any other line (unpaid, cancelled,
 * refunded before pickup) shows none. The unit's Separação and Prontos lists apply the same
 * rule in SQL (`sales.status = 'paid'`), as a line not yet picked up is only in the flow then.
 */
export function shownDelivery(
  saleStatus: string,
  line: { type: string; delivery_state: GoodsDeliveryState },
): DeliveryState | null {
  if (saleStatus === "paid") return deliveryStateOf(line);
  return !isSeatType(line.type) && line.delivery_state === "picked_up" ? "picked_up" : null;
}

/**
 * The unit's moves and the states each starts from. "Pronto" may skip "Separado" (a bag
 * separated and shelved at once); a handover needs the goods off the shelf (separated or
 * ready); "Desfazer separação" puts back a bag separated by mistake. Nothing leaves "Retirado":
 * a size that does not fit is an exchange, which keeps the state.
 */
export const DELIVERY_MOVES = {
  separate: { from: ["awaiting"], to: "separated" },
  unseparate: { from: ["separated"], to: "awaiting" },
  ready: { from: ["awaiting", "separated"], to: "ready" },
  handOver: { from: ["separated", "ready"], to: "picked_up" },
} as const satisfies Record<string, { from: readonly GoodsDeliveryState[]; to: GoodsDeliveryState }>;
export type DeliveryMove = keyof typeof DELIVERY_MOVES;

export function canMove(move: DeliveryMove, from: GoodsDeliveryState): boolean {
  return (DELIVERY_MOVES[move].from as readonly GoodsDeliveryState[]).includes(from);
}

/** The note of an exchange's history row, which /conta and the sale's page show as it is. */
export const exchangeNote = (optionName: string, from: string, to: string) => `${optionName} ${from} → ${to}`;

/** What each history row says happened (delivery_events.kind). */
export const DELIVERY_EVENT_LABELS = {
  separated: "Separado",
  unseparated: "Separação desfeita",
  ready: "Pronto para retirada",
  picked_up: "Retirado",
  exchanged: "Troca de tamanho",
  checked_in: "Check-in",
} as const;
export type DeliveryEventKind = keyof typeof DELIVERY_EVENT_LABELS;

/** The event a move writes. */
export const EVENT_OF_MOVE: Record<DeliveryMove, DeliveryEventKind> = {
  separate: "separated",
  unseparate: "unseparated",
  ready: "ready",
  handOver: "picked_up",
};

/** "Pronto para retirada" for more than this many days: the Painel counts it as late. */
export const READY_OVERDUE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one rule of "late" (Painel, Prontos): a line made ready before this instant has waited
 * more than READY_OVERDUE_DAYS × 24 hours.
 */
export const readyOverdueBefore = (now: Date) => new Date(now.getTime() - READY_OVERDUE_DAYS * DAY_MS).toISOString();

/** Whether something ready since `readySince` (ISO) is late at `now`. */
export const isReadyOverdue = (readySince: string, now: Date) =>
  Date.parse(readySince) < Date.parse(readyOverdueBefore(now));

/** Whole days from `since` (ISO) to `now`: how long a bag has waited, as Prontos and the CSV say it. */
export const daysWaiting = (since: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));

/**
 * The pickup code: 6 characters of an alphabet without the look-alikes 0/O and 1/I/L, so it is
 * read aloud and typed at the counter without doubt. 31⁶ ≈ 887 million codes, unique per store.
 */
export const PICKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PICKUP_CODE_LENGTH = 6;

/** A code as typed or scanned ("ab3 k7q", "AB3-K7Q") in its stored form, or null when it cannot be one. */
export function normalizePickupCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s.-]/g, "");
  if (code.length !== PICKUP_CODE_LENGTH) return null;
  return [...code].every((char) => PICKUP_CODE_ALPHABET.includes(char)) ? code : null;
}

/** "AB3K7Q" → "AB3-K7Q": how pages, e-mails and the receipt print it. */
export const formatPickupCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/**
 * What the family is told about the pickup code, the same on the pages (/conclusao, /conta, the
 * receipt) and in the e-mails (docs/decisions/0076-pickup-code.md). The page's title is
 * "Minha Conta", so the texts call it that.
 */
export const PICKUP_CODE_TEXTS = {
  title: "Código de retirada",
  present: "Apresente este código na unidade quando o pedido estiver pronto para retirada: avisaremos por e-mail.",
  afterPayment: "O pedido fica pronto para retirada depois da confirmação do pagamento.",
  whoMayPickUp:
    "Pode retirar você, titular da conta, ou uma pessoa indicada em Minha Conta, em “Quem pode retirar”, com um documento com foto e o CPF.",
  qrLink: "Veja o QR Code do código de retirada:",
} as const;

/**
 * A paid sale refunded after some goods were picked up (0075): those stay with the family, and
 * /conta and the refund e-mail say so, as the gestor's refund form does.
 */
export const REFUND_AFTER_PICKUP_TEXT = "Itens já retirados continuam com você; o estorno não muda a retirada.";
