/**
 * A full class's waiting list as the gestor sees it (issue 28: "the gestor sees and reorders the
 * list"; docs/decisions/0070-waiting-list.md), on the class's page in Estoque: the parents in
 * line, first first, moved up or down one place, or removed. The same roles as Estoque's counts:
 * every Estoque role reads, a secretary her units only; admins and secretaries change the line.
 *
 * A move names the neighbour the page showed (`neighbourId`): when the line changed since (another
 * tab, a parent who left, an offer that ended), the API refuses it and changes nothing, so nobody
 * is moved past someone the person did not see.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { asFormText } from "./catalogue.ts";
import { itemCodeField } from "./stock.ts";
import { unitCodeField } from "./units.ts";

export const GESTOR_WAITING_LIST_MESSAGES = {
  entryInvalid: "Pessoa da lista de espera inválida.",
  directionInvalid: "Escolha subir ou descer.",
  notFound: "Esta pessoa não está mais na lista de espera. Nada foi alterado.",
  stale: "A lista de espera mudou enquanto você a via. Nada foi alterado; confira a ordem atual e tente de novo.",
  moved: "Ordem da lista de espera atualizada.",
  removed: "Pessoa removida da lista de espera.",
  removedWithOffer: "Pessoa removida da lista de espera. A vaga que ela tinha passou para a próxima da lista.",
} as const;
const M = GESTOR_WAITING_LIST_MESSAGES;

/** What each entry's status is called on screen. */
export const WAITING_STATUS_LABELS = {
  waiting: "Aguardando",
  offered: "Vaga oferecida",
} as const;

const entryIdField = z.uuid({ message: M.entryInvalid });

const itemFields = { unitCode: unitCodeField, itemTOTVSId: itemCodeField };

export const waitingMoveFields = z.object({
  ...itemFields,
  entryId: entryIdField,
  direction: z.enum(["up", "down"], { message: M.directionInvalid }),
  /** The entry just above ("up") or below ("down") as the page showed it: the one to swap with. */
  neighbourId: entryIdField,
});
export type WaitingMoveFields = z.infer<typeof waitingMoveFields>;

export const waitingRemoveFields = z.object({ ...itemFields, entryId: entryIdField });
export type WaitingRemoveFields = z.infer<typeof waitingRemoveFields>;

const waitingEntry = z.object({
  id: z.string(),
  /** 1 for the first in line (its place among the live entries, not the stored position). */
  place: z.number(),
  /** The account's name when the entry is linked to one; null: a visitor's address. */
  name: z.string().nullable(),
  email: z.string(),
  /** When the parent joined. */
  since: z.string(),
  status: z.enum(["waiting", "offered"]),
  /** While offered: until when the seat is held for them. */
  offerExpiresAt: z.string().nullable(),
});
export type GestorWaitingEntry = z.infer<typeof waitingEntry>;

const path = "/gestor/stock/items/:unitCode/:itemTOTVSId/waiting-list";
const itemPath = z.object(itemFields);

export const gestorWaitingList = {
  /** Bearer (STOCK_READ_ROLES; a secretary: her units). The course's live entries, first first. */
  list: endpoint({
    method: "GET",
    path,
    params: itemPath,
    paramsNotFound: true,
    reply: z.object({ entries: z.array(waitingEntry) }),
  }),
  /**
   * Bearer (STOCK_CHANGE_ROLES). Swaps an entry with its neighbour in line, atomically; 409 when
   * the neighbour is not the one named (the line changed), 404 when the entry left the line.
   * Audited "waiting_list.move".
   */
  move: endpoint({
    method: "POST",
    path: "/gestor/stock/waiting-list/move",
    body: asFormText(waitingMoveFields),
    reply: z.object({ entries: z.array(waitingEntry) }),
  }),
  /**
   * Bearer (STOCK_CHANGE_ROLES). Ends an entry ("left"); a seat it held passes on to the next in
   * line, as when a parent leaves. 404 when it already left the line. Audited
   * "waiting_list.remove".
   */
  remove: endpoint({
    method: "POST",
    path: "/gestor/stock/waiting-list/remove",
    body: asFormText(waitingRemoveFields),
    reply: z.object({ removed: z.object({ heldOffer: z.boolean() }) }),
  }),
};
