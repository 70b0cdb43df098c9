/**
 * Who may pick up an account's orders at the unit (issue 30; docs/decisions/0076-pickup-code.md):
 * besides the account holder, the people they name in /conta, by name and CPF. The unit's staff
 * see them at the counter (Entrega) and hand over only to one of them. Beyond spec §7: a school
 * API without these calls leaves /conta without the section.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { cpfFieldWith, nameField } from "#core/validation/customer-fields.ts";

/** At most this many people per account: a family, not a list of strangers. */
export const MAX_PICKUP_PEOPLE = 5;

export const PICKUP_PEOPLE_MESSAGES = {
  cpfInvalid: "CPF inválido",
  duplicate: "Esta pessoa já pode retirar os pedidos desta conta.",
  ownCpf: "Este é o CPF da própria conta: você já pode retirar os seus pedidos.",
  tooMany: `Indique no máximo ${MAX_PICKUP_PEOPLE} pessoas. Exclua uma para incluir outra.`,
  notFound: "Esta pessoa não está mais na lista. Nada foi alterado.",
  personInvalid: "Pessoa inválida.",
  added: "Pessoa incluída: ela pode retirar os pedidos com o código de retirada.",
  removed: "Pessoa excluída: ela não pode mais retirar os seus pedidos.",
} as const;
const M = PICKUP_PEOPLE_MESSAGES;

export const pickupPersonFields = z.object({ name: nameField, cpf: cpfFieldWith(M.cpfInvalid) });
export type PickupPersonFields = z.infer<typeof pickupPersonFields>;

const pickupPerson = z.object({
  id: z.string(),
  name: z.string(),
  /** 11 digits; pages print it masked (core/cpf.ts). */
  cpf: z.string(),
});
export type PickupPerson = z.infer<typeof pickupPerson>;

const peopleReply = z.object({ people: z.array(pickupPerson) });

export const pickupPeople = {
  /** Bearer required: the account's people, in the order they were named. */
  listPickupPeople: endpoint({
    extension: true,
    method: "GET",
    path: "/pickup-people/list-pickup-people",
    reply: peopleReply,
  }),
  /**
   * Bearer required: names a person (201 with the whole list). 409 with a message for a CPF
   * already named or the account's own, 422 past MAX_PICKUP_PEOPLE; nothing changes then.
   */
  addPickupPerson: endpoint({
    extension: true,
    method: "POST",
    path: "/pickup-people/add-pickup-person",
    body: pickupPersonFields,
    reply: peopleReply,
  }),
  /** Bearer required: the account's person leaves the list (404 for one not in it). */
  removePickupPerson: endpoint({
    extension: true,
    method: "POST",
    path: "/pickup-people/remove-pickup-person",
    body: z.object({ id: z.uuid({ message: M.personInvalid }) }),
    reply: peopleReply,
  }),
};
