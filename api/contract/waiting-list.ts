/**
 * A full class's waiting list (issue 28; docs/decisions/0070-waiting-list.md): a parent joins
 * while a course or event has no seat left; a freed seat is held for the first in line for 24
 * hours and offered by e-mail with a link (its token); the link's page shows the offer and binds
 * it to the parent's account, whose finish then takes the held seat. Beyond spec §7: a school API
 * without it answers 404 and the product page offers no list (decision 0026).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { integerId, storeIdField } from "./fields.ts";
import { stockAlertEmailField } from "./stock-alerts.ts";

export const WAITING_LIST_MESSAGES = {
  consentLabel:
    "Autorizo a Loja Escolar a me enviar um e-mail quando abrir uma vaga nesta turma, com o link para garanti-la.",
  consentRequired: "Marque a autorização para receber o e-mail da vaga.",
  itemInvalid: "Curso inválido.",
  unknownItem: "Curso não encontrado nesta loja.",
  notACourse: "A lista de espera é para cursos e eventos com turma lotada.",
  unlimited: "Esta turma não tem limite de vagas: você já pode comprar.",
  seatsFree: "Ainda há vagas nesta turma: você já pode comprar.",
  joined:
    "Pronto! Você entrou na lista de espera. Quando abrir uma vaga, enviaremos um e-mail com o link para garanti-la.",
  alreadyWaiting: "Você já está na lista de espera desta turma. Quando abrir uma vaga, avisaremos por e-mail.",
  left: "Você saiu da lista de espera.",
  offerNotFound: "Este link de vaga não é válido. Confira o endereço do e-mail.",
  offerExpired: "O prazo desta vaga terminou e ela passou para a próxima pessoa da lista de espera.",
  offerClosed: "Esta vaga não está mais reservada: a oferta foi usada ou encerrada.",
  offerOfAnotherAccount: "Esta vaga foi reservada para outra conta. Entre com a conta que a recebeu.",
  offerDeclined: "Você recusou a vaga. Ela passou para a próxima pessoa da lista de espera.",
} as const;

const tokenField = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: WAITING_LIST_MESSAGES.offerNotFound });

const joinWaitingListBody = z.object({
  storeId: storeIdField,
  itemTOTVSId: integerId(WAITING_LIST_MESSAGES.itemInvalid),
  /** A visitor's address; ignored with a live bearer token (the customer's own is used). */
  email: stockAlertEmailField.optional(),
  /** A visitor's explicit consent; a logged-in customer's request is theirs. */
  consent: z.boolean().optional(),
});
export type JoinWaitingListPayload = z.input<typeof joinWaitingListBody>;

const joinWaitingListReply = z.object({
  waitingListEntry: z.object({
    id: z.string(),
    itemTOTVSId: z.number(),
    email: z.string(),
    /** 1 for the first in line. */
    place: z.number(),
  }),
  /** true: this address was already in the list; nothing new was kept. */
  alreadyWaiting: z.boolean(),
});
export type JoinWaitingListReply = z.infer<typeof joinWaitingListReply>;

const leaveWaitingListBody = z.object({
  storeId: storeIdField,
  itemTOTVSId: integerId(WAITING_LIST_MESSAGES.itemInvalid),
});

export const SEAT_OFFER_STATUSES = ["offered", "converted", "expired", "left"] as const;

const seatOffer = z.object({
  status: z.enum(SEAT_OFFER_STATUSES),
  storeId: z.number(),
  itemTOTVSId: z.number(),
  courseTitle: z.string(),
  categorySlug: z.string(),
  productSlug: z.string(),
  unitName: z.string(),
  /** Until when the seat is held (ISO). */
  expiresAt: z.string(),
  /** The offer is bound to an account already (the one that opened the link logged in, or joined). */
  bound: z.boolean(),
});
export type SeatOffer = z.infer<typeof seatOffer>;

const seatOfferOfToken = z.object({ token: tokenField });

export const waitingList = {
  /**
   * Bearer optional: with a live token the customer's own e-mail joins; otherwise `email` and
   * `consent: true` (a dead token without them: 401). Only a course or event of the store whose
   * class is full. 201 when kept, 200 when the address was already in line (alreadyWaiting).
   * Limited per caller address (429).
   */
  joinWaitingList: endpoint({
    extension: true,
    method: "POST",
    path: "/waiting-list/join-waiting-list",
    body: joinWaitingListBody,
    reply: joinWaitingListReply,
  }),
  /**
   * Bearer required: the customer's entries for the course leave the list (an offer passes on);
   * `left` counts them, 0 when they were not in line.
   */
  leaveWaitingList: endpoint({
    extension: true,
    method: "POST",
    path: "/waiting-list/leave-waiting-list",
    body: leaveWaitingListBody,
    reply: z.object({ left: z.number() }),
  }),
  /** No bearer: the offer its link's token names, whatever its status (404 for an unknown token). */
  getSeatOffer: endpoint({
    extension: true,
    method: "GET",
    path: "/waiting-list/seat-offers/:token",
    params: seatOfferOfToken,
    paramsNotFound: true,
    reply: z.object({ seatOffer }),
  }),
  /**
   * Bearer required: binds the live offer to the customer's account, whose finish then takes the
   * held seat. 403 when another account has it; 409 when it is no longer held.
   */
  acceptSeatOffer: endpoint({
    extension: true,
    method: "POST",
    path: "/waiting-list/seat-offers/:token/accept",
    params: seatOfferOfToken,
    paramsNotFound: true,
    reply: z.object({ seatOffer }),
  }),
  /** No bearer (the link is the proof): the parent gives the seat up; it goes to the next in line. */
  declineSeatOffer: endpoint({
    extension: true,
    method: "POST",
    path: "/waiting-list/seat-offers/:token/decline",
    params: seatOfferOfToken,
    paramsNotFound: true,
    reply: z.object({ seatOffer }),
  }),
};
