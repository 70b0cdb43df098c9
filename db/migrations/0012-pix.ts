import type { Kysely } from "kysely";

// Pix as payment method "3" (docs/decisions/0022-pix.md): the sale keeps the "copia e cola" code
// the acquirer issued and its expiry, and so does the sandbox's ledger. A store whose payment
// methods were already written (by the demo seed or an operator) gets the Pix row; an empty
// table is left to the seed, which writes all four.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").addColumn("pix_copy_paste", "text").execute();
  await db.schema.alterTable("sales").addColumn("pix_expires_at", "text").execute();
  await db.schema.alterTable("sandbox_payments").addColumn("pix_copy_paste", "text").execute();
  await db.schema.alterTable("sandbox_payments").addColumn("pix_expires_at", "text").execute();

  const methods = await db.selectFrom("payment_methods").select(["id", "code"]).execute();
  if (methods.length > 0 && !methods.some((method) => method.code === "3")) {
    const nextId = Math.max(...methods.map((method) => Number(method.id))) + 1;
    await db.insertInto("payment_methods").values({ id: nextId, code: "3", name: "pix" }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("payment_methods").where("code", "=", "3").execute();
  await db.schema.alterTable("sandbox_payments").dropColumn("pix_expires_at").execute();
  await db.schema.alterTable("sandbox_payments").dropColumn("pix_copy_paste").execute();
  await db.schema.alterTable("sales").dropColumn("pix_expires_at").execute();
  await db.schema.alterTable("sales").dropColumn("pix_copy_paste").execute();
}
