import type { Kysely } from "kysely";

// A boleto issued by the acquirer (Mercado Pago) has its own printable PDF; the sale keeps its
// address to show as "Abrir boleto" (docs/decisions/0019-mercado-pago.md). Null for the sandbox's
// boletos, which the store prints itself (/boleto/{saleId}).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").addColumn("boleto_pdf_url", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").dropColumn("boleto_pdf_url").execute();
}
