import { hashPassword } from "#db/passwords.ts";
import type { StoreDatabase } from "../client.ts";
import { seedCatalogue, STORE_ID } from "./catalogue.ts";
import { seedMaterialLists } from "./material-lists.ts";
import { PRODUCTS } from "./catalogue-data.ts";
import { DEMO_CATALOGUE_SIZE } from "./large-catalogue.ts";
import { seedPeople } from "./people.ts";
import { COUPONS, DEMO_CUSTOMER, LINKED_RAS, STUDENTS } from "./people-data.ts";

export interface SeedOptions {
  /** The moment the demo store is created: sets school years, period codes and dates. */
  now?: Date;
  /**
   * How many products: the demo's 96 (the default), or more, made of variants of them
   * (SEED_CATALOGUE_SIZE; db/seed/large-catalogue.ts).
   */
  catalogueSize?: number;
  /**
   * The uniforms' sizes with their pieces and the classes' seats (db/seed/stock-data.ts); true
   * by default. The API's and the gestor's tests turn it off (tests/fixtures/test-api.ts): they
   * set the stock they count on single, untracked items, as the catalogue was before issue 28.
   */
  sizesAndSeats?: boolean;
}

/**
 * Fills an empty database with the demo store (id 1). Does nothing when store 1
 * already exists, so it is safe to call at every start. Writes in one transaction:
 * a failure leaves no half-seeded store behind.
 */
export async function seedDemoData(db: StoreDatabase, options: SeedOptions = {}): Promise<void> {
  if (await storeExists(db)) return;
  const now = options.now ?? new Date();
  // Hashed outside the transaction: the hash takes a tenth of a second (db/password-cost.ts).
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  await db.transaction().execute(async (trx) => {
    if (await storeExists(trx)) return;
    await seedCatalogue(trx, now, options.catalogueSize ?? DEMO_CATALOGUE_SIZE, options.sizesAndSeats ?? true);
    await seedPeople(trx, now, passwordHash);
    await seedMaterialLists(trx, STORE_ID, now);
  });
}

async function storeExists(db: StoreDatabase): Promise<boolean> {
  const row = await db.selectFrom("stores").select("id").where("id", "=", STORE_ID).executeTakeFirst();
  return row !== undefined;
}

/** What tests and the README can rely on in the demo data. */
export const DEMO = {
  storeId: STORE_ID,
  customer: {
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
    name: DEMO_CUSTOMER.name,
    cpf: DEMO_CUSTOMER.cpf,
  },
  /** All enrolled students' RAs; the first two are linked to the demo customer. */
  ras: STUDENTS.map((student) => student.ra),
  linkedRas: [...LINKED_RAS],
  coupons: {
    valid: COUPONS.filter((coupon) => coupon.years[1] >= 0).map(({ code, percentage }) => ({ code, percentage })),
    expired: COUPONS.filter((coupon) => coupon.years[1] < 0).map(({ code, percentage }) => ({ code, percentage })),
  },
  /** Slugs (with their category) of the products that cost nothing. */
  freeProducts: PRODUCTS.filter((product) => product.priceCents === 0).map(({ categorySlug, slug }) => ({
    categorySlug,
    slug,
  })),
  disabledCategorySlug: "colecao-antiga",
  highlightId: 1,
} as const;
