/**
 * The school's material lists, as parents and visitors read them (issue 29;
 * docs/decisions/0071-material-lists.md): one list per grade of a school period, published by
 * the gestor from a date. Anyone reads a published list (its public and printable pages); a
 * logged-in parent reads the list of a linked student's grade, with what the student's bag
 * already holds and the size of the student's last order, and puts the ticked lines in that
 * bag in one call, told per line what happened. Beyond spec §7: a school API without lists
 * answers 404 and the storefront keeps today's /compra-rapida (decision 0026).
 */
import { z } from "zod";
import { cartReply, couponRemoved } from "./carts.ts";
import { periodCodeField } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";
import { integerId, ownCustomerId, ownStoreId, storeIdField, storeIdOfPath, uuidParam } from "./fields.ts";

export const MATERIAL_LIST_MESSAGES = {
  notFound: "Lista de material não encontrada.",
  studentNotFound: "Estudante não encontrado.",
  noListForStudent: "A escola ainda não publicou a lista de material da série deste estudante.",
  lineInvalid: "Item da lista inválido.",
  noLineTicked: "Marque ao menos um item da lista para continuar.",
  sizeRequired: "Escolha o tamanho.",
  sizeInvalid: "Tamanho inválido para este item.",
  tooManyLines: "A lista tem no máximo 200 itens.",
} as const;

/** CODGRADE in a path: the ERP's code, as the gestor's grades keep it (api/contract/gestor/grades.ts). */
export const codgradeParam = z
  .string()
  .trim()
  .min(1, { message: MATERIAL_LIST_MESSAGES.notFound })
  .max(20, { message: MATERIAL_LIST_MESSAGES.notFound })
  .regex(/^[A-Za-z0-9._/-]+$/, { message: MATERIAL_LIST_MESSAGES.notFound });

/** A size of a sized line ("M" of "Tamanho"): its own item code, price and stock. */
const lineOption = z.object({
  itemTOTVSId: z.number(),
  value: z.string(),
  /** DESCONTO of this size (the product's when the size sets none). */
  price: z.number(),
  /** Fewer pieces left than the line's quantity in the product's unit. */
  soldOut: z.boolean(),
});

const materialListLine = z.object({
  lineId: z.string(),
  quantity: z.number(),
  /** Ticked for the parent, and needed for the list's discount unless soldOut or unavailable (0072). */
  required: z.boolean(),
  /** For parents: "pode ser o do ano anterior"; null: none. */
  note: z.string().nullable(),
  productId: z.string(),
  title: z.string(),
  /** The product's description, so a parent may buy the item elsewhere. */
  description: z.string(),
  image: z.string(),
  categorySlug: z.string(),
  productSlug: z.string(),
  /** TIPO: S course or event, M the school's own teaching material, others physical products. */
  type: z.string(),
  /** The school sells it only itself (its own teaching material: TIPO M); others may be bought elsewhere. */
  schoolOnly: z.boolean(),
  /** CODCOLIGADA of the unit that sells it, and the unit's name. */
  unitCode: z.string(),
  unitName: z.string(),
  /** DESCONTO of one piece (a sized product's own: each size may set another, in options). */
  price: z.number(),
  /** The product's own item code; null for a sized product (bought as one of its options). */
  itemTOTVSId: z.number().nullable(),
  /** "Tamanho"; null: no sizes. */
  optionName: z.string().nullable(),
  options: z.array(lineOption),
  /**
   * Cannot be bought now: every size (or the product itself) has fewer left than the quantity.
   * The parent may ask "Avise-me".
   */
  soldOut: z.boolean(),
  /** The product left the catalogue (hidden, disabled) since the list was published. */
  unavailable: z.boolean(),
});
export type MaterialListLine = z.infer<typeof materialListLine>;

const materialList = z.object({
  id: z.string(),
  periodCode: z.string(),
  codgrade: z.string(),
  /** HABILITACAO and CURSO of the grade: "6º Ano", "Ensino Fundamental II". */
  gradeName: z.string(),
  course: z.string(),
  /** The school's note for the whole list; null: none. */
  notice: z.string().nullable(),
  /** YYYY-MM-DD: since when parents see it. */
  publishFrom: z.string(),
  /** "Lista completa com X% de desconto": while every required line is in the student's bag; null: none. */
  discountPercentage: z.number().nullable(),
  updatedAt: z.string(),
  lines: z.array(materialListLine),
});
export type MaterialList = z.infer<typeof materialList>;

const materialListSummary = materialList.pick({
  id: true,
  periodCode: true,
  codgrade: true,
  gradeName: true,
  course: true,
  discountPercentage: true,
});
export type MaterialListSummary = z.infer<typeof materialListSummary> & { lineCount: number };

/** A line of a student's list: the list's line and where the student's bag stands. */
const studentListLine = materialListLine.extend({
  /** The bag holds the product (any size) with at least the list's quantity: "Já está no carrinho". */
  inBag: z.boolean(),
  /** The size of the student's last order of this product, or of another of the same option, preselected; null: none. */
  lastItemTOTVSId: z.number().nullable(),
});
export type StudentListLine = z.infer<typeof studentListLine>;

const studentMaterialList = materialList.omit({ lines: true }).extend({
  student: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(studentListLine),
});
export type StudentMaterialList = z.infer<typeof studentMaterialList>;

/**
 * What "Adicionar ao carrinho" did to one ticked line:
 * - added: now in the bag, with the list's quantity (a product the bag held with fewer pieces
 *   is raised to it);
 * - already: the bag held the product (any size) with at least the list's quantity; nothing changed;
 * - soldOut: fewer left than the quantity (the parent may ask "Avise-me");
 * - refused: a cart rule of spec §5 refused it (its message: one course, one manual per student);
 * - unavailable: the product left the catalogue, or the size is no longer sold.
 */
export const LIST_LINE_RESULTS = ["added", "already", "soldOut", "refused", "unavailable"] as const;
const lineOutcome = z.object({
  lineId: z.string(),
  /** The line's place in the list (0: the first), so a page can name it compactly. */
  index: z.number().int().nonnegative(),
  result: z.enum(LIST_LINE_RESULTS),
  /** refused: the rule's message. */
  message: z.string().optional(),
});
export type ListLineOutcome = z.infer<typeof lineOutcome>;

const tickedLine = z.object({
  lineId: z.string().uuid({ message: MATERIAL_LIST_MESSAGES.lineInvalid }),
  /** A sized line's chosen size; absent for a line without sizes. */
  itemTOTVSId: integerId(MATERIAL_LIST_MESSAGES.sizeInvalid).optional(),
});
export type TickedListLine = z.infer<typeof tickedLine>;

const addListToBagBody = z.object({
  customerId: ownCustomerId,
  storeId: ownStoreId,
  studentId: z.string().uuid({ message: MATERIAL_LIST_MESSAGES.studentNotFound }),
  listId: z.string().uuid({ message: MATERIAL_LIST_MESSAGES.notFound }),
  lines: z
    .array(tickedLine)
    .min(1, { message: MATERIAL_LIST_MESSAGES.noLineTicked })
    .max(200, { message: MATERIAL_LIST_MESSAGES.tooManyLines }),
});
export type AddListToBagPayload = z.input<typeof addListToBagBody>;

/** couponRemoved: the coupon the new lines took off the cart, and why, as saveCart answers it (0047). */
const addListToBagReply = cartReply.extend({ outcomes: z.array(lineOutcome), couponRemoved: couponRemoved.optional() });
export type AddListToBagReply = z.infer<typeof addListToBagReply>;

const gradePath = z.object({ storeId: storeIdField, periodCode: periodCodeField, codgrade: codgradeParam });

export const materialLists = {
  /** No bearer: the store's published lists (publish date reached), by period and grade order. */
  listMaterialLists: endpoint({
    extension: true,
    method: "GET",
    path: "/material-lists/store/:storeId",
    params: storeIdOfPath,
    reply: z.object({ materialLists: z.array(materialListSummary.extend({ lineCount: z.number() })) }),
  }),
  /** No bearer: one published list with every line (the public and printable pages); 404 otherwise. */
  getMaterialList: endpoint({
    extension: true,
    method: "GET",
    path: "/material-lists/store/:storeId/period/:periodCode/grade/:codgrade",
    params: gradePath,
    paramsNotFound: true,
    reply: z.object({ materialList }),
  }),
  /**
   * Bearer required: the published list of the grade a linked student is enrolled in now,
   * with the student's bag and last sizes. 404 for a student not linked to the customer, or
   * without a published list.
   */
  getStudentMaterialList: endpoint({
    extension: true,
    method: "GET",
    path: "/material-lists/store/:storeId/student/:studentId",
    params: z.object({
      storeId: storeIdField,
      studentId: uuidParam(MATERIAL_LIST_MESSAGES.studentNotFound),
    }),
    paramsNotFound: true,
    reply: z.object({ materialList: studentMaterialList }),
  }),
  /**
   * Bearer required: the ticked lines of the student's list go in the student's bag, each with
   * the list's quantity, in one transaction; a line that cannot go in is left out and said why
   * (outcomes, one per ticked line, in the list's order). The bag remembers the list, whose
   * discount then applies while every required line is in it. 404 for a student not linked or
   * a list not of the student's grade; 409 while a payment of the cart is processing.
   */
  addMaterialListToBag: endpoint({
    extension: true,
    method: "POST",
    path: "/material-lists/add-to-bag",
    body: addListToBagBody,
    reply: addListToBagReply,
  }),
};
