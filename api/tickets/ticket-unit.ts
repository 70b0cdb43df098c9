/**
 * The unit a "Fale conosco" ticket concerns (issue 27; decision 0061), so a unit's secretary
 * finds it: the unit of the RA typed (its newest live enrolment), else the unit of the sender's
 * students when they all study at one, else none (then only the network's roles see it).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export async function ticketUnit(
  db: Kysely<Database>,
  { storeId, ra, customerId }: { storeId: number; ra: string | null; customerId: string | null },
): Promise<string | null> {
  if (ra) {
    const year = await db
      .selectFrom("students")
      .innerJoin("student_school_years as year", "year.student_id", "students.id")
      .select("year.codcoligada")
      .where("students.store_id", "=", storeId)
      .where("students.ra", "=", ra)
      .where("year.deleted_at", "is", null)
      .orderBy("year.codperlet", "desc")
      .executeTakeFirst();
    if (year) return year.codcoligada;
  }
  if (!customerId) return null;
  const units = await db
    .selectFrom("customer_students as link")
    .innerJoin("student_school_years as year", "year.student_id", "link.student_id")
    .select("year.codcoligada")
    .distinct()
    .where("link.customer_id", "=", customerId)
    .where("link.deleted_at", "is", null)
    .where("year.deleted_at", "is", null)
    .execute();
  return units.length === 1 ? units[0]!.codcoligada : null;
}
