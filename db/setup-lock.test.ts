import { afterEach, expect, it } from "vitest";
import { emptySharedDatabase } from "#tests/fixtures/shared-database.ts";
import { migrateToLatest, withSetupLock } from "./client.ts";
import { PRODUCTS } from "./seed/catalogue-data.ts";
import { DEMO, seedDemoData } from "./seed/index.ts";
import { sharedSessionSecret } from "./server-secrets.ts";

let shared: Awaited<ReturnType<typeof emptySharedDatabase>> | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

/** What each server does at start (app/.server/bundled-api.server.ts), on its own connections. */
async function startServer() {
  const db = await shared!.open();
  await withSetupLock(db, shared!.options, async () => {
    await migrateToLatest(db);
    await seedDemoData(db);
  });
  return db;
}

it("three servers started at the same moment on an empty database migrate and seed it once", async () => {
  shared = await emptySharedDatabase();

  const [db] = await Promise.all([startServer(), startServer(), startServer()]);

  const count = async (table: "stores" | "products" | "coupons") =>
    (
      await db!
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  expect(await count("stores")).toBe(1);
  expect(await count("products")).toBe(PRODUCTS.length);
  expect(await count("coupons")).toBe(DEMO.coupons.valid.length + DEMO.coupons.expired.length);
  const demoCustomers = await db!
    .selectFrom("customers")
    .select("id")
    .where("email", "=", DEMO.customer.email)
    .execute();
  expect(demoCustomers).toHaveLength(1);
});

it("servers sharing a database share one session secret, written once by whichever comes first", async () => {
  shared = await emptySharedDatabase();
  const [first, second] = await Promise.all([startServer(), startServer()]);
  const now = new Date();

  const secrets = await Promise.all([
    sharedSessionSecret(first!, now, "segredo-antigo-do-primeiro-servidor-32+"),
    sharedSessionSecret(second!, now),
    sharedSessionSecret(second!, now, "segredo-antigo-do-segundo-servidor-32+"),
  ]);

  expect(new Set(secrets).size).toBe(1);
  expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  // A server started later reads it too; it is never replaced.
  expect(await sharedSessionSecret(await shared.open(), now, "outro-segredo-antigo-com-32-caracteres")).toBe(
    secrets[0],
  );
});

it("a store moving to several servers keeps its old secret, so nobody is logged out", async () => {
  shared = await emptySharedDatabase();
  const [first, second] = await Promise.all([startServer(), startServer()]);

  const kept = await sharedSessionSecret(first!, new Date(), "segredo-antigo-do-primeiro-servidor-32+");

  expect(kept).toBe("segredo-antigo-do-primeiro-servidor-32+");
  expect(await sharedSessionSecret(second!, new Date())).toBe(kept);
});
