/**
 * Delivery at the unit (issue 30; docs/decisions/0075-delivery-at-the-unit.md): what each unit
 * separates, marks ready and hands over, the sizes it exchanges and the seats it checks in, and
 * the Painel's counts. Who: admins everywhere and a unit's secretary for her units (the staff of
 * issue 27, decision 0061): a line of another unit is not hers to see or move, and a sale whose
 * lines are all of other units is not found. Atendimento answers parents from the sale's page
 * (Vendas, whose history shows every move) and moves nothing.
 *
 * Every move names lines (sale_bag_items ids) or bags (sale_bags ids) as the page showed them;
 * the API moves those the rule of core/delivery.ts lets move and reports the others as skipped,
 * so a second tab or a double click never moves a line twice nor fails the rest.
 */
import { z } from "zod";
import { deliveryState, goodsDeliveryState } from "#core/delivery.ts";
import { endpoint } from "../endpoint.ts";
import { given } from "./catalogue.ts";
import { pageField, pageOf } from "./paging.ts";
import { PART_ROLES } from "./staff.ts";
import { unitCodeField } from "./units.ts";

export const DELIVERY_ROLES = PART_ROLES.delivery;

export const DELIVERY_MESSAGES = {
  bagsRequired: "Escolha ao menos uma sacola.",
  linesRequired: "Escolha ao menos um item.",
  idInvalid: "Item inválido.",
  saleNotFound: "Pedido não encontrado.",
  lineNotFound: "Item do pedido não encontrado.",
  searchRequired: "Informe o código de retirada, o CPF, o RA ou o nome.",
  receiverRequired: "Escolha quem está retirando.",
  receiverNotAllowed:
    "Só o titular da conta ou uma pessoa indicada por ele em Minha Conta pode retirar. Nada foi entregue.",
  nothingMoved: "Nenhum dos itens escolhidos estava neste estado: nada foi alterado. Confira a lista atual.",
  notPaid: "Este pedido não está pago: não há o que separar nem entregar.",
  exchangeNoOptions: "Este item não tem outros tamanhos para trocar.",
  exchangeSame: "Escolha um tamanho diferente do atual.",
  exchangeNotOfProduct: "Escolha um tamanho deste mesmo produto.",
  exchangePrice: "Este tamanho tem outro preço: a troca na unidade é só entre tamanhos do mesmo preço.",
  exchangeSoldOut: "Este tamanho está esgotado nesta unidade. Nada foi trocado.",
  exchangeNotGoods: "Só uniformes e outros produtos com tamanho podem ser trocados.",
  checkInNotSeat: "Só cursos e eventos têm check-in.",
  alreadyCheckedIn: "Este estudante já fez check-in.",
  printTooMany: "Escolha no máximo 100 sacolas por impressão.",
} as const;
const M = DELIVERY_MESSAGES;

const idList = (required: string, max = 500, tooMany = required) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.uuid({ message: M.idInvalid }))
      .min(1, { message: required })
      .max(max, { message: tooMany })
      .transform((ids) => [...new Set(ids)]),
  );

/** The most bags one print (picking lists, labels) asks for: its address names them, and paper ends. */
export const PICKING_LIST_MAX = 100;

/** A move of whole bags (Separação, Prontos): every line of the bags in the person's units. */
export const bagMoveFields = z.object({ bagIds: idList(M.bagsRequired) });

/** A grade or class of a whole class; "" or none: the bags without one (not in the roster). */
const classPart = z.preprocess(
  (value) => (value === undefined || value === "" ? null : value),
  z.string().trim().max(20).nullable(),
);

/**
 * A whole class as Separação groups it, every page of it: the bags of the person's units (or of
 * one) with a line in `state`, of exactly that grade and class of the roster.
 */
export const bagClassFields = z.object({
  unitCode: unitCodeField.optional().catch(undefined),
  state: goodsDeliveryState.exclude(["picked_up"]),
  codgrade: classPart,
  turma: classPart,
});
export type BagClassFields = z.infer<typeof bagClassFields>;

/** A move names bags, or a whole class ("Marcar todas da turma"). */
export const bagMoveBody = z.union([bagMoveFields, z.object({ ofClass: bagClassFields })]);

/** Separação's and Prontos' filters (GET query: a filtered list is a link the Painel points at). */
export const deliveryBagFilters = z.object({
  unitCode: unitCodeField.optional().catch(undefined),
  /** The lines' state the list shows; "awaiting" by default (Separação). */
  state: goodsDeliveryState.exclude(["picked_up"]).catch("awaiting").default("awaiting"),
  /** A grade of the period (series.codgrade) and a class (TURMA), as the roster names them. */
  codgrade: z.preprocess(given, z.string().trim().max(20).optional()).catch(undefined),
  turma: z.preprocess(given, z.string().trim().max(20).optional()).catch(undefined),
  /** "1": only what has been ready for more than READY_OVERDUE_DAYS days. */
  overdue: z.preprocess(given, z.literal("1").optional()).catch(undefined),
});
export type DeliveryBagFilters = z.infer<typeof deliveryBagFilters>;

/** A sale's line as the unit's screens show it. */
const deliveryLine = z.object({
  /** sale_bag_items.id: what a move names. */
  id: z.string(),
  itemTOTVSId: z.number(),
  title: z.string(),
  type: z.string(),
  quantity: z.number(),
  unitCode: z.string(),
  optionName: z.string().nullable(),
  optionValue: z.string().nullable(),
  state: deliveryState,
  /** When it entered its state (ISO); null: since the payment. */
  stateAt: z.string().nullable(),
  /** "Retirado": who received it, who handed it over, when. */
  handover: z.object({ receivedByName: z.string(), staffName: z.string(), at: z.string() }).nullable(),
  checkedInAt: z.string().nullable(),
  /** A line of a unit outside the person's: shown so she knows the sale has more, never moved by her. */
  otherUnit: z.boolean(),
});
export type DeliveryLine = z.infer<typeof deliveryLine>;

/** A student's bag of a paid sale, with the grade and class of now (the roster's). */
const deliveryBag = z.object({
  id: z.string(),
  saleId: z.string(),
  referenceCode: z.string(),
  pickupCode: z.string().nullable(),
  paidAt: z.string(),
  customerName: z.string(),
  studentName: z.string(),
  studentRA: z.string().nullable(),
  /** "6º Ano · Ensino Fundamental II" (core/school-years.ts); null: not in the roster. */
  gradeLabel: z.string().nullable(),
  codgrade: z.string().nullable(),
  turma: z.string().nullable(),
  lines: z.array(deliveryLine),
});
export type DeliveryBag = z.infer<typeof deliveryBag>;

/** A bag of Separação's and Prontos' list: since when it is in the state listed, and whether that is late. */
const listedBag = deliveryBag.extend({
  /** ISO: when its oldest line of the person's units entered the state. */
  since: z.string(),
  /** Whole days since then. */
  waitingDays: z.number(),
  /** "Pronto para retirada" for more than READY_OVERDUE_DAYS days (core/delivery.ts isReadyOverdue), as the Painel counts. */
  overdue: z.boolean(),
});

/** What a move did: lines moved and those left as they were (another state, another unit). */
const moveReply = z.object({ moved: z.number(), skipped: z.number() });
export type DeliveryMoveReply = z.infer<typeof moveReply>;

const person = z.object({
  /** null: the account holder; otherwise customer_pickup_people.id. */
  id: z.string().nullable(),
  name: z.string(),
  /** Masked ("***.982.247-**", core/cpf.ts): the page never holds the 11 digits. */
  cpf: z.string(),
});

/** Entrega: one sale at the counter. */
const pickupSale = z.object({
  id: z.string(),
  referenceCode: z.string(),
  pickupCode: z.string().nullable(),
  status: z.string(),
  paidAt: z.string().nullable(),
  /** Who may receive: the account holder first (none for a deleted account), then the people named in Minha Conta. */
  receivers: z.array(person),
  bags: z.array(
    deliveryBag.omit({ saleId: true, referenceCode: true, pickupCode: true, paidAt: true, customerName: true }),
  ),
  /** The lines' history, oldest first: each move, exchange and check-in, with who did it. */
  history: z.array(
    z.object({
      at: z.string(),
      lineTitle: z.string(),
      /** core/delivery.ts DELIVERY_EVENT_LABELS' key. */
      kind: z.string(),
      note: z.string().nullable(),
      staffName: z.string().nullable(),
      receivedByName: z.string().nullable(),
    }),
  ),
});
export type PickupSale = z.infer<typeof pickupSale>;

/** Entrega's search: a pickup code, a CPF (the holder's or a named person's), an RA or a name. */
export const pickupSearchFields = z.object({
  q: z
    .string({ message: M.searchRequired })
    .trim()
    .min(3, { message: M.searchRequired })
    .max(100, { message: M.searchRequired }),
});

const pickupSearchRow = z.object({
  saleId: z.string(),
  referenceCode: z.string(),
  pickupCode: z.string().nullable(),
  customerName: z.string(),
  studentNames: z.array(z.string()),
  paidAt: z.string(),
  /** Lines of the person's units still to hand over (separated or ready), and still on the shelf. */
  toHandOver: z.number(),
  awaiting: z.number(),
});

/** Hands over the lines named to one of the sale's receivers (person id, "" for the holder). */
export const handOverFields = z.object({
  lineIds: idList(M.linesRequired),
  receiverId: z.string({ message: M.receiverRequired }).max(36, { message: M.receiverRequired }),
});
export type HandOverFields = z.infer<typeof handOverFields>;

/** Troca: the size to give instead (an item code of the same product's sizes). */
export const exchangeFields = z.object({
  toItemTOTVSId: z.coerce.number({ message: M.exchangeSame }).int().positive({ message: M.exchangeSame }),
});

const exchangeOption = z.object({
  itemTOTVSId: z.number(),
  value: z.string(),
  /** Pieces on the unit's shelf; null: not tracked. */
  available: z.number().nullable(),
  /** Same price as the line's: only those can be swapped at the counter. */
  samePrice: z.boolean(),
});

/**
 * A unit's figures for the Painel, in bags (a student's bag with a line of the unit in the
 * state), as Separação and Prontos list them: a count and the list it links to agree.
 */
const unitDeliveryFigures = z.object({
  unitCode: z.string(),
  unitName: z.string(),
  awaiting: z.number(),
  separated: z.number(),
  ready: z.number(),
  /** Ready for more than READY_OVERDUE_DAYS days and not picked up. */
  readyOverdue: z.number(),
});

/** A course's or event's seats of paid sales, for the check-in at the door. */
const seatRow = z.object({
  lineId: z.string(),
  studentName: z.string(),
  studentRA: z.string().nullable(),
  customerName: z.string(),
  referenceCode: z.string(),
  checkedInAt: z.string().nullable(),
});

const lineIdPath = z.object({ lineId: z.uuid({ message: M.lineNotFound }) });
const saleIdPath = z.object({ saleId: z.uuid({ message: M.saleNotFound }) });

export const gestorDelivery = {
  /** Bearer (DELIVERY_ROLES). The Painel: per unit of the person, what waits at each step. */
  summary: endpoint({
    method: "GET",
    path: "/gestor/delivery/summary",
    reply: z.object({
      units: z.array(unitDeliveryFigures),
      overdueDays: z.number(),
      /** The grades of the current period (Séries), in order: Separação's and Prontos' grade filter. */
      grades: z.array(z.object({ codgrade: z.string(), label: z.string() })),
    }),
  }),
  /**
   * Bearer (DELIVERY_ROLES). Separação and Prontos: the bags of paid sales with a line of the
   * person's units in `state`, by grade, class and student; each bag with all its lines.
   */
  bags: endpoint({
    method: "GET",
    path: "/gestor/delivery/bags",
    query: deliveryBagFilters.and(z.object({ page: pageField })),
    reply: pageOf(listedBag),
  }),
  /** Bearer (DELIVERY_ROLES). The bags named, whole, for the picking lists and labels (print, PDF). */
  pickingList: endpoint({
    method: "GET",
    path: "/gestor/delivery/picking-list",
    // A GET's query carries one value per name: the bags as "id,id,…" (the print page's address),
    // at most PICKING_LIST_MAX; or a whole class, whose first PICKING_LIST_MAX bags come back.
    query: z.union([
      z.object({
        bagIds: z.preprocess(
          (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
          idList(M.bagsRequired, PICKING_LIST_MAX, M.printTooMany),
        ),
      }),
      bagClassFields,
    ]),
    /** `total`: the bags asked for, more than `bags` when a class has more than PICKING_LIST_MAX. */
    reply: z.object({ bags: z.array(deliveryBag), total: z.number() }),
  }),
  /** Bearer (DELIVERY_ROLES). Aguardando separação → Separado, for the bags' lines of the person's units. */
  separate: endpoint({ method: "POST", path: "/gestor/delivery/separate", body: bagMoveBody, reply: moveReply }),
  /** Bearer (DELIVERY_ROLES). Separado → Aguardando separação: a bag separated by mistake. */
  unseparate: endpoint({ method: "POST", path: "/gestor/delivery/unseparate", body: bagMoveBody, reply: moveReply }),
  /**
   * Bearer (DELIVERY_ROLES). → Pronto para retirada; each sale with a line made ready gets one
   * e-mail (through the outbox, in the same transaction) with the unit's address, pickup hours,
   * the code and what is ready.
   */
  ready: endpoint({ method: "POST", path: "/gestor/delivery/ready", body: bagMoveBody, reply: moveReply }),
  /** Bearer (DELIVERY_ROLES). Pending pickups (not yet picked up) of a unit, every page, as CSV. */
  pendingCsv: endpoint({
    method: "GET",
    path: "/gestor/delivery/pending/export",
    query: z.object({ unitCode: unitCodeField.optional().catch(undefined) }),
    reply: null,
  }),
  /** Bearer (DELIVERY_ROLES). Entrega's search; a code typed or scanned finds its sale alone. */
  search: endpoint({
    method: "GET",
    path: "/gestor/delivery/sales",
    query: pickupSearchFields,
    reply: z.object({ sales: z.array(pickupSearchRow) }),
  }),
  /** Bearer (DELIVERY_ROLES). One sale at the counter; 404 for one without a line of the person's units. */
  sale: endpoint({
    method: "GET",
    path: "/gestor/delivery/sales/:saleId",
    params: saleIdPath,
    paramsNotFound: true,
    reply: z.object({ sale: pickupSale }),
  }),
  /**
   * Bearer (DELIVERY_ROLES). Separado or Pronto → Retirado for the lines named, to the receiver
   * named (one of the sale's receivers, 422 otherwise), in one handover row; audited.
   */
  handOver: endpoint({
    method: "POST",
    path: "/gestor/delivery/sales/:saleId/hand-over",
    params: saleIdPath,
    paramsNotFound: true,
    body: handOverFields,
    reply: moveReply,
  }),
  /** Bearer (DELIVERY_ROLES). The sizes a line may be exchanged for, with the unit's stock. */
  exchangeOptions: endpoint({
    method: "GET",
    path: "/gestor/delivery/lines/:lineId/exchange",
    params: lineIdPath,
    paramsNotFound: true,
    reply: z.object({ line: deliveryLine, saleId: z.string(), options: z.array(exchangeOption) }),
  }),
  /**
   * Bearer (DELIVERY_ROLES). Troca: the line becomes the size named; the piece given back
   * returns to the unit's stock and the new one leaves it (reason "exchange"), in one
   * transaction; 409 when the new size is sold out. The state stays; the history says it.
   */
  exchange: endpoint({
    method: "POST",
    path: "/gestor/delivery/lines/:lineId/exchange",
    params: lineIdPath,
    paramsNotFound: true,
    body: exchangeFields,
    reply: z.object({ line: deliveryLine, saleId: z.string() }),
  }),
  /** Bearer (DELIVERY_ROLES). The courses and events of the person's units with paid seats. */
  seatItems: endpoint({
    method: "GET",
    path: "/gestor/delivery/seat-items",
    reply: z.object({
      items: z.array(
        z.object({
          unitCode: z.string(),
          itemTOTVSId: z.number(),
          title: z.string(),
          seats: z.number(),
          checkedIn: z.number(),
        }),
      ),
    }),
  }),
  /** Bearer (DELIVERY_ROLES). A course's or event's paid seats of a unit, for the check-in list. */
  seats: endpoint({
    method: "GET",
    path: "/gestor/delivery/seats",
    query: z.object({ unitCode: unitCodeField, itemTOTVSId: z.coerce.number().int().positive() }),
    reply: z.object({ title: z.string(), seats: z.array(seatRow) }),
  }),
  /** Bearer (DELIVERY_ROLES). Checks a seat in (once; 409 when already); audited. */
  checkIn: endpoint({
    method: "POST",
    path: "/gestor/delivery/lines/:lineId/check-in",
    params: lineIdPath,
    paramsNotFound: true,
    reply: z.object({ checkedInAt: z.string() }),
  }),
};
