/**
 * "Avise-me quando chegar" (issue 28): an e-mail kept per sold-out item (a size, a product) that
 * gets one message when the item's stock returns. Beyond spec §7: a school API without it answers
 * 404 and the product page simply offers no alert (docs/decisions/0026-school-api-optional-calls.md).
 */
import { z } from "zod";
import { emailField } from "#core/validation/customer-fields.ts";
import { endpoint } from "./endpoint.ts";
import { integerId, storeIdField } from "./fields.ts";

export const STOCK_ALERT_MESSAGES = {
  consentLabel: "Autorizo a Loja Escolar a me enviar um e-mail quando este item voltar ao estoque.",
  consentRequired: "Marque a autorização para receber o aviso por e-mail.",
  itemInvalid: "Item inválido.",
  unknownItem: "Item não encontrado nesta loja.",
  notTracked: "Este item não tem controle de estoque: ele pode ser comprado normalmente.",
  notSoldOut: "Este item está disponível: você já pode comprá-lo.",
  seat: "Este aviso é para produtos esgotados. Para um curso ou evento lotado, entre na lista de espera.",
  created: "Pronto! Avisaremos você por e-mail quando chegar.",
  alreadyWaiting: "Você já pediu este aviso. Avisaremos você por e-mail quando chegar.",
} as const;

/** Typed by a visitor: stored in lower case, as the store keeps every e-mail. */
export const stockAlertEmailField = z
  .string({ message: "Informe o e-mail." })
  .transform((value) => value.trim().toLowerCase())
  .pipe(emailField);

const stockAlertReply = z.object({
  stockAlert: z.object({ id: z.string(), itemTOTVSId: z.number(), email: z.string() }),
  /** true: this address was already waiting for the item; nothing new was kept. */
  alreadyWaiting: z.boolean(),
});
export type StockAlertReply = z.infer<typeof stockAlertReply>;

const createStockAlertBody = z.object({
  storeId: storeIdField,
  itemTOTVSId: integerId(STOCK_ALERT_MESSAGES.itemInvalid),
  /** A visitor's address; ignored with a live bearer token (the customer's own is used). */
  email: stockAlertEmailField.optional(),
  /** A visitor's explicit consent; a logged-in customer's request is theirs. */
  consent: z.boolean().optional(),
});
export type CreateStockAlertPayload = z.input<typeof createStockAlertBody>;

export const stockAlerts = {
  /**
   * Bearer optional: with a live token the customer's own e-mail waits; otherwise `email` and
   * `consent: true` (a dead token without them: 401, the session is over). Only a tracked, sold-out product or size (not a course's seat) can be waited
   * for. 201 when kept, 200 when the address was already waiting (alreadyWaiting). Limited per
   * caller address (429).
   */
  createStockAlert: endpoint({
    extension: true,
    method: "POST",
    path: "/stock-alerts/create-stock-alert",
    body: createStockAlertBody,
    reply: stockAlertReply,
  }),
};
