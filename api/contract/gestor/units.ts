/**
 * Unidades in the gestor area (issue 27; docs/decisions/0055-school-units-as-data.md,
 * 0057-gestor-units.md): the network's units, their order, and their changes. Admins only.
 * One schema (unitFields) checks the page's form in the browser, its action and the API's body.
 */
import { z } from "zod";
import { maskPhone } from "#core/masks.ts";
import { HEAD_OFFICE_CODE } from "#core/school-units.ts";
import { emailField, phoneField } from "#core/validation/customer-fields.ts";
import { endpoint } from "../endpoint.ts";
import { storeIdField } from "../fields.ts";

export const UNIT_MESSAGES = {
  notFound: "Unidade não encontrada.",
  codeRequired: "Informe o código da unidade (CODCOLIGADA).",
  codeFormat: "O código (CODCOLIGADA) é um número de até 4 dígitos.",
  codeTaken: "Já existe uma unidade com este código.",
  nameRequired: "Informe o nome da unidade.",
  addressRequired: "Informe o endereço da unidade.",
  cityRequired: "Informe a cidade da unidade.",
  phoneRequired: "Informe o telefone da unidade.",
  headOfficeActive:
    "A sede (código 0) não pode ser desativada: é a unidade que a loja mostra para um código desconhecido.",
  direction: "Escolha subir ou descer.",
} as const;

const M = UNIT_MESSAGES;

/** What a form's empty field sends: nothing. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const requiredText = (required: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ message: required })
      .trim()
      .max(max, { message: `Use no máximo ${max} caracteres.` })
      .transform((value) => value.replace(/\s+/g, " ")),
  );

export const PICKUP_HOURS_MAX = 120;

/**
 * CODCOLIGADA as products carry it (1 to 4 digits, api/contract/gestor/catalogue.ts); leading
 * zeros dropped, so "01" is unit 1 and never a second unit beside it.
 */
export const unitCodeField = z.preprocess(
  blank,
  z
    .string({ message: M.codeRequired })
    .trim()
    .regex(/^\d{1,4}$/, { message: M.codeFormat })
    .transform((code) => String(Number(code))),
);

/** A unit's fields but its code, which never changes once created (sales and products keep it). */
export const unitFields = z.object({
  name: requiredText(M.nameRequired, 80),
  address: requiredText(M.addressRequired, 120),
  city: requiredText(M.cityRequired, 80),
  /** Stored and shown as "(81) 3034-1101". */
  phone: phoneField(M.phoneRequired).transform(maskPhone),
  email: emailField,
  /** Free text ("Seg. a sex., 7h às 17h"); empty: not informed. */
  pickupHours: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(PICKUP_HOURS_MAX, { message: `Use no máximo ${PICKUP_HOURS_MAX} caracteres.` })
      .optional(),
  ),
  /** A form's unticked box sends nothing: not active. */
  active: z.boolean({ message: "Informe se a unidade está ativa." }).default(false),
});
export type UnitFields = z.output<typeof unitFields>;

export const newUnitFields = unitFields.extend({ code: unitCodeField });
export type NewUnitFields = z.output<typeof newUnitFields>;

/** Spec §9's fallback must stay shown: the head office is never inactive. */
export const isHeadOffice = (code: string) => code === HEAD_OFFICE_CODE;

export const UNIT_DIRECTIONS = ["up", "down"] as const;
export type UnitDirection = (typeof UNIT_DIRECTIONS)[number];

export const gestorUnit = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  pickupHours: z.string().nullable(),
  active: z.boolean(),
  /** Place in the network's order, from 1. */
  position: z.number(),
});
export type GestorUnit = z.infer<typeof gestorUnit>;

const unitReply = z.object({ unit: gestorUnit });
const unitsReply = z.object({ units: z.array(gestorUnit) });
const unitPath = "/gestor/units/:code";
const unitParams = z.object({ code: z.string().regex(/^\d{1,4}$/, { message: M.notFound }) });
const withStore = z.object({ storeId: storeIdField });

export const gestorUnits = {
  /** Bearer (admin). Every unit, active or not, in the network's order. */
  list: endpoint({ method: "GET", path: "/gestor/units", query: withStore, reply: unitsReply }),
  /** Bearer (admin). One unit; 404 when the store has none with the code. */
  get: endpoint({
    method: "GET",
    path: unitPath,
    params: unitParams,
    paramsNotFound: true,
    query: withStore,
    reply: unitReply,
  }),
  /** Bearer (admin). Placed last in the order. 409 when the code is taken. Audited. */
  create: endpoint({
    method: "POST",
    path: "/gestor/units",
    body: z.intersection(newUnitFields, withStore),
    reply: unitReply,
  }),
  /** Bearer (admin). Every field but the code at once; the head office stays active. Audited. */
  update: endpoint({
    method: "POST",
    path: unitPath,
    params: unitParams,
    paramsNotFound: true,
    body: z.intersection(unitFields, withStore),
    reply: unitReply,
  }),
  /**
   * Bearer (admin). One place up or down in the network's order; the list in its new order.
   * `place`: where the person saw the unit (from 1); when it is no longer there (a double
   * click, another tab), nothing moves. Audited.
   */
  move: endpoint({
    method: "POST",
    path: `${unitPath}/move`,
    params: unitParams,
    paramsNotFound: true,
    body: withStore.extend({
      direction: z.enum(UNIT_DIRECTIONS, { message: M.direction }),
      place: z.coerce.number<string | number>().int().positive().optional(),
    }),
    reply: unitsReply,
  }),
};
