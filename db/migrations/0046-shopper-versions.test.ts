import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import type { StoreDatabase } from "../client.ts";
import { migrationProvider } from "./index.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const AT = NOW.toISOString();

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const databaseAt = migrationTestDatabases(NOW);

const versionOf = async (db: StoreDatabase, customerId: string) =>
  Number(
    (await db.selectFrom("shopper_versions").select("version").where("customer_id", "=", customerId).executeTakeFirst())
      ?.version ?? 0,
  );

/** The demo customer, whose pages change, and a second one whose must not. */
async function twoCustomers(db: StoreDatabase): Promise<[string, string]> {
  const demo = await db.selectFrom("customers").selectAll().orderBy("email").executeTakeFirstOrThrow();
  const other = { ...demo, id: "outro-cliente-0046", email: "outro0046@example.com", cpf: "11144477735" };
  await db
    .insertInto("customers")
    .values(other)
    .onConflict((c) => c.doNothing())
    .execute();
  return [demo.id, other.id];
}

async function aProduct(db: StoreDatabase) {
  return db
    .selectFrom("products")
    .select(["id", "item_totvs_id"])
    .where("type", "=", "P")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
}

function cartRow(id: string, customerId: string | null) {
  return {
    id,
    store_id: 1,
    customer_id: customerId,
    guest_key_hash: customerId ? null : `chave-${id}`,
    affiliate_id: null,
    coupon_id: null,
    version: 1,
    created_at: AT,
    updated_at: AT,
    deleted_at: null,
    finished_at: null,
  };
}

describe("migration 0046 (a customer's version follows their cart and tokens)", () => {
  it("moves on every change to the customer's cart, bags, lines, removals and tokens, and only theirs", async () => {
    const db = await databaseAt("latest");
    const [customer, other] = await twoCustomers(db);
    const product = await aProduct(db);
    const otherBefore = await versionOf(db, other);
    let last = await versionOf(db, customer);
    const moved = async (what: string) => {
      const now = await versionOf(db, customer);
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };

    await db.insertInto("carts").values(cartRow("carrinho-0046", customer)).execute();
    await moved("a cart made");
    await db.updateTable("carts").set({ version: 2 }).where("id", "=", "carrinho-0046").execute();
    await moved("a cart written");
    await db
      .insertInto("cart_bags")
      .values({ id: "sacola-0046", cart_id: "carrinho-0046", student_id: null, position: 0, created_at: AT })
      .execute();
    await moved("a bag added");
    await db
      .insertInto("cart_items")
      .values({
        id: "linha-0046",
        bag_id: "sacola-0046",
        product_id: product.id,
        item_totvs_id: product.item_totvs_id,
        quantity: 1,
        position: 0,
        created_at: AT,
      })
      .execute();
    await moved("a line added");
    await db.updateTable("cart_items").set({ quantity: 3 }).where("id", "=", "linha-0046").execute();
    await moved("a line's quantity");
    await db.deleteFrom("cart_items").where("id", "=", "linha-0046").execute();
    await moved("a line removed");
    await db.updateTable("cart_bags").set({ position: 1 }).where("id", "=", "sacola-0046").execute();
    await moved("a bag moved");
    await db
      .insertInto("cart_removals")
      .values({
        id: "remocao-0046",
        cart_id: "carrinho-0046",
        customer_id: customer,
        item_totvs_id: product.item_totvs_id,
        title: "Caderno",
        removed_at: AT,
        reported_at: null,
      })
      .execute();
    await moved("a removal noted");
    await db.updateTable("cart_removals").set({ reported_at: AT }).where("id", "=", "remocao-0046").execute();
    await moved("a removal shown");
    await db
      .insertInto("customer_tokens")
      .values({
        id: "token-0046",
        customer_id: customer,
        token_hash: "f".repeat(64),
        created_at: AT,
        expires_at: AT,
        revoked_at: null,
      })
      .execute();
    await moved("a login");
    await db.updateTable("customer_tokens").set({ revoked_at: AT }).where("id", "=", "token-0046").execute();
    await moved("a logout");
    await db.deleteFrom("cart_bags").where("id", "=", "sacola-0046").execute();
    await moved("a bag dropped");
    await db.deleteFrom("cart_removals").where("id", "=", "remocao-0046").execute();
    await moved("a removal deleted");
    await db.deleteFrom("carts").where("id", "=", "carrinho-0046").execute();
    await moved("a cart deleted");

    expect(await versionOf(db, other)).toBe(otherBefore);
  });

  it("moves nobody's for a visitor's cart, and the customer's when they take it over at login", async () => {
    const db = await databaseAt("latest");
    const [customer] = await twoCustomers(db);
    const before = await versionOf(db, customer);
    const count = async () => (await db.selectFrom("shopper_versions").select("customer_id").execute()).length;
    const rows = await count();
    await db.insertInto("carts").values(cartRow("visitante-0046", null)).execute();
    await db
      .insertInto("cart_bags")
      .values({ id: "sacola-visitante-0046", cart_id: "visitante-0046", student_id: null, position: 0, created_at: AT })
      .execute();
    expect(await count()).toBe(rows);
    await db
      .updateTable("carts")
      .set({ customer_id: customer, guest_key_hash: null })
      .where("id", "=", "visitante-0046")
      .execute();
    expect(await versionOf(db, customer)).toBeGreaterThan(before);
  });

  it("drops its triggers and table on the way down", async () => {
    const db = await databaseAt("0046-shopper-versions");
    const result = await new Migrator({ db, provider: migrationProvider }).migrateTo("0045-messages");
    if (result.error) throw result.error;
    const [customer] = await twoCustomers(db);
    await db.insertInto("carts").values(cartRow("carrinho-abaixo-0046", customer)).execute();
    await expect(db.selectFrom("shopper_versions").selectAll().execute()).rejects.toThrow();
  });
});
