/**
 * The people an account names to pick up its orders at the unit (issue 30;
 * docs/decisions/0076-pickup-code.md): the rules the store API enforces, whatever the page did.
 */
import { MAX_PICKUP_PEOPLE, PICKUP_PEOPLE_MESSAGES, type PickupPerson } from "../contract/pickup-people.ts";
import type { CustomerRow } from "../customers/repository.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, notFound } from "../errors.ts";
import { deletePickupPerson, insertPickupPerson, listPickupPeopleOf } from "./repository.ts";

const M = PICKUP_PEOPLE_MESSAGES;

export const listPickupPeople = ({ db }: ApiDeps, customer: CustomerRow) => listPickupPeopleOf(db, customer.id);

/**
 * Names a person: never the account's own CPF, a CPF once, at most MAX_PICKUP_PEOPLE. The
 * customer's lock makes two tabs' adds count one after the other, so neither passes the limit.
 */
export async function addPickupPerson(
  deps: ApiDeps,
  customer: CustomerRow,
  person: { name: string; cpf: string },
): Promise<PickupPerson[]> {
  if (person.cpf === customer.cpf) throw new ApiError(409, M.ownCpf);
  return deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customer.id);
    const people = await listPickupPeopleOf(trx, customer.id);
    if (people.some((named) => named.cpf === person.cpf)) throw new ApiError(409, M.duplicate);
    if (people.length >= MAX_PICKUP_PEOPLE) throw new ApiError(422, M.tooMany);
    await insertPickupPerson(trx, { customerId: customer.id, ...person, at: deps.now().toISOString() });
    return listPickupPeopleOf(trx, customer.id);
  });
}

/** Removes one of the account's people; someone else's (or one already removed) is 404. */
export async function removePickupPerson(deps: ApiDeps, customer: CustomerRow, id: string): Promise<PickupPerson[]> {
  if (!(await deletePickupPerson(deps.db, customer.id, id))) throw notFound(M.notFound);
  return listPickupPeopleOf(deps.db, customer.id);
}
