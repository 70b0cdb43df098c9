import { sql, type Kysely } from "kysely";

// "Sou Aluno" (spec §2) links the customer to a student record of their own; that link is not
// one of "their students" (docs/decisions/0043-sou-aluno-for-myself.md). 1 marks it; a link made
// before this migration is marked when its student carries the customer's CPF and birth date,
// the pair "Sou Aluno" has always matched on.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("customer_students")
    .addColumn("is_self", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable("customer_students")
    .set({ is_self: 1 })
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("students")
          .innerJoin("customers", (join) =>
            join
              .onRef("customers.cpf", "=", "students.cpf")
              .onRef("customers.birth_date", "=", "students.dtnascimento"),
          )
          .select(sql`1`.as("one"))
          .whereRef("students.id", "=", "customer_students.student_id")
          .whereRef("customers.id", "=", "customer_students.customer_id"),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customer_students").dropColumn("is_self").execute();
}
