import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingQueries } from "#tests/fixtures/counting-queries.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { shopperVersionReader } from "./shopper-version.ts";

let t: TestApi;
let customerId: string;
beforeAll(async () => {
  t = await createTestApi();
  customerId = (await t.db.selectFrom("customers").select("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

/** A change to the customer's cart, as any writer makes it: the triggers bump their version. */
const touchCustomer = (id: string) =>
  t.db
    .insertInto("customer_tokens")
    .values({
      id: crypto.randomUUID(),
      customer_id: id,
      token_hash: crypto.randomUUID().replaceAll("-", "").repeat(2),
      created_at: new Date().toISOString(),
      expires_at: new Date().toISOString(),
      revoked_at: null,
    })
    .execute();

describe("customers' versions for the page cache (decision 0086)", () => {
  it("answers 0 for a customer nothing was written for, and each change's new version after it", async () => {
    const read = shopperVersionReader(t.db);
    expect(await read("ninguem")).toBe(0);
    const before = await read(customerId);
    await touchCustomer(customerId);
    const after = await read(customerId);
    expect(after).toBeGreaterThan(before);
  });

  it("answers the pages that ask at once with few reads, each read begun after its question", async () => {
    const { db, queries } = countingQueries(t.db);
    const read = shopperVersionReader(db);
    const before = await read(customerId);
    const first = queries();
    // A change committed while a read is under way: the questions asked after it see it.
    const underWay = read(customerId);
    await touchCustomer(customerId);
    const asked = Array.from({ length: 20 }, () => read(customerId));
    expect(await underWay).toBeGreaterThanOrEqual(before);
    for (const answer of await Promise.all(asked)) expect(answer).toBeGreaterThan(before);
    expect(queries() - first).toBeLessThanOrEqual(3);
  });

  it("fails the questions of a read that fails, and answers the next ones", async () => {
    let fail = true;
    const db = t.db.withPlugin({
      transformQuery: (args) => {
        if (fail) throw new Error("banco fora do ar");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const read = shopperVersionReader(db);
    await expect(read(customerId)).rejects.toThrow("banco fora do ar");
    fail = false;
    expect(await read(customerId)).toBeGreaterThan(0);
  });
});
