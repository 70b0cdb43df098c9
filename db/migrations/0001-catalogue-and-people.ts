import type { Kysely } from "kysely";

// Portable SQL only: text, integer, no autoincrement (ids come from the app),
// booleans as 0/1 integers, timestamps as ISO-8601 text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stores")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("cnpj", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("terms_contracts", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visible", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("categories_store_slug", ["store_id", "slug"])
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id"))
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("sale_price_cents", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("installments", "integer", (c) => c.notNull())
    .addColumn("shift", "text")
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("max_installments", "integer", (c) => c.notNull())
    .addColumn("turn_year", "integer", (c) => c.notNull())
    .addColumn("school_year", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visible", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("products_store_item_totvs", ["store_id", "item_totvs_id"])
    .addUniqueConstraint("products_category_slug", ["category_id", "slug"])
    .execute();
  await db.schema.createIndex("products_category").on("products").column("category_id").execute();

  await db.schema
    .createTable("series")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("course", "text", (c) => c.notNull())
    .addColumn("grade_name", "text", (c) => c.notNull())
    .addColumn("codgrade", "text", (c) => c.notNull())
    .addColumn("period_code", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("product_series")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("serie_id", "integer", (c) => c.notNull().references("series.id"))
    .addPrimaryKeyConstraint("product_series_pk", ["product_id", "serie_id"])
    .execute();
  await db.schema.createIndex("product_series_serie").on("product_series").column("serie_id").execute();

  await db.schema
    .createTable("highlights")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visible", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("highlight_banners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("highlight_id", "integer", (c) => c.notNull().references("highlights.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("newsletters")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("newsletters_store_email", ["store_id", "email"])
    .execute();

  await db.schema
    .createTable("payment_methods")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("customers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("cpf", "text", (c) => c.notNull())
    .addColumn("cell_phone", "text", (c) => c.notNull())
    .addColumn("birth_date", "text", (c) => c.notNull())
    .addColumn("zipcode", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("house_number", "text", (c) => c.notNull())
    .addColumn("neighborhood", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("avatar", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("customers_store_email", ["store_id", "email"])
    .addUniqueConstraint("customers_store_cpf", ["store_id", "cpf"])
    .execute();

  await db.schema
    .createTable("students")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("ra", "text")
    .addColumn("nome", "text", (c) => c.notNull())
    .addColumn("cpf", "text")
    .addColumn("email", "text")
    .addColumn("telefone1", "text")
    .addColumn("dtnascimento", "text")
    .addColumn("nacionalidade", "text", (c) => c.notNull())
    .addColumn("naturalidade", "text")
    .addColumn("estadonatal", "text")
    .addColumn("estadocivil", "text", (c) => c.notNull())
    .addColumn("sexo", "text", (c) => c.notNull())
    .addColumn("cep", "text")
    .addColumn("rua", "text")
    .addColumn("numero", "text")
    .addColumn("complemento", "text")
    .addColumn("bairro", "text")
    .addColumn("cidade", "text")
    .addColumn("estado", "text")
    .addColumn("pais", "text", (c) => c.notNull())
    .addColumn("turno", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("students_store_ra", ["store_id", "ra"])
    .execute();

  await db.schema
    .createTable("student_school_years")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("student_id", "text", (c) => c.notNull().references("students.id"))
    .addColumn("codperlet", "text", (c) => c.notNull())
    .addColumn("codcoligada", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("student_school_years_student").on("student_school_years").column("student_id").execute();

  await db.schema
    .createTable("responsibles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("student_id", "text", (c) => c.notNull().references("students.id"))
    .addColumn("nome", "text", (c) => c.notNull())
    .addColumn("cpf", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("telefone1", "text", (c) => c.notNull())
    .addColumn("parentesco", "integer", (c) => c.notNull())
    .addColumn("cep", "text")
    .addColumn("cidade", "text")
    .addColumn("estado", "text")
    .addColumn("bairro", "text")
    .addColumn("rua", "text")
    .addColumn("numero", "text")
    .execute();
  await db.schema.createIndex("responsibles_student").on("responsibles").column("student_id").execute();

  await db.schema
    .createTable("customer_students")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("student_id", "text", (c) => c.notNull().references("students.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("customer_students_customer").on("customer_students").column("customer_id").execute();

  await db.schema
    .createTable("coupons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("percentage", "integer", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("coupons_store_code", ["store_id", "code"])
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limits",
    "coupons",
    "customer_students",
    "responsibles",
    "student_school_years",
    "students",
    "customers",
    "payment_methods",
    "newsletters",
    "highlight_banners",
    "highlights",
    "product_series",
    "series",
    "products",
    "categories",
    "stores",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
