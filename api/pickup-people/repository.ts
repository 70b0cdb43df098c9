import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { PickupPerson } from "../contract/pickup-people.ts";

type Db = Kysely<Database>;

/** The account's people, in the order they were named (by name when named at the same instant). */
export async function listPickupPeopleOf(db: Db, customerId: string): Promise<PickupPerson[]> {
  return db
    .selectFrom("customer_pickup_people")
    .select(["id", "name", "cpf"])
    .where("customer_id", "=", customerId)
    .orderBy("created_at")
    .orderBy("name")
    .execute();
}

export async function insertPickupPerson(
  db: Db,
  person: { customerId: string; name: string; cpf: string; at: string },
): Promise<void> {
  await db
    .insertInto("customer_pickup_people")
    .values({
      id: crypto.randomUUID(),
      customer_id: person.customerId,
      name: person.name,
      cpf: person.cpf,
      created_at: person.at,
    })
    .execute();
}

/** Removes the account's own person; false when the id is not one of theirs. */
export async function deletePickupPerson(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("customer_pickup_people")
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** "Excluir minha conta": the people named go with the account (docs/decisions/0076-pickup-code.md). */
export async function deletePickupPeopleOf(db: Db, customerId: string): Promise<void> {
  await db.deleteFrom("customer_pickup_people").where("customer_id", "=", customerId).execute();
}
