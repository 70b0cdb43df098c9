/**
 * The gestor area's pages × roles (issue 27; decisions 0028, 0061): every page of the area's
 * layout, read from app/routes.ts, loaded by each role; a unit's secretary also with another
 * unit's records. The table below is the readable matrix; a page missing from it fails the test.
 * The calls behind the pages have their own matrix (api/gestor/authorization.test.ts).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { NETWORK_ROLES, STAFF_ROLES, type StaffRole } from "#api/contract/gestor/staff.ts";
import routes from "#app/routes.ts";
import {
  gestorGet,
  gestorTestStoreForFile,
  parentWithCart,
  staffLoggedIn,
  thrownBy,
  type LoggedInStaff,
} from "#tests/fixtures/gestor-requests.ts";
import { insertSale } from "#tests/fixtures/sales.ts";

/** Who opens each page (by its module), and whether its record belongs to a unit. */
const EVERY = STAFF_ROLES;
const ADMIN = ["admin"] as const;
const PAGES: Record<string, { roles: readonly StaffRole[]; unitRecord?: true }> = {
  "routes/gestor/dashboard.tsx": { roles: EVERY },
  "routes/gestor/orders.tsx": { roles: EVERY },
  "routes/gestor/order.tsx": { roles: EVERY, unitRecord: true },
  "routes/gestor/own-account.tsx": { roles: EVERY },
  "routes/gestor/team.tsx": { roles: ADMIN },
  "routes/gestor/team-member.tsx": { roles: ADMIN },
  "routes/gestor/audit.tsx": { roles: ADMIN },
  "routes/gestor/catalogue-products.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/catalogue-new-product.tsx": { roles: ADMIN },
  "routes/gestor/catalogue-product.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/catalogue-categories.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/catalogue-highlights.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/catalogue-import.tsx": { roles: ADMIN },
  "routes/gestor/catalogue-export.ts": { roles: NETWORK_ROLES },
  "routes/gestor/coupons.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/coupon-new.tsx": { roles: ADMIN },
  "routes/gestor/coupon.tsx": { roles: NETWORK_ROLES },
  "routes/gestor/units.tsx": { roles: ADMIN },
  "routes/gestor/unit-new.tsx": { roles: ADMIN },
  "routes/gestor/unit.tsx": { roles: ADMIN },
  "routes/gestor/tickets.tsx": { roles: EVERY },
  "routes/gestor/ticket.tsx": { roles: EVERY, unitRecord: true },
  "routes/gestor/carts.tsx": { roles: EVERY },
  "routes/gestor/customers.tsx": { roles: EVERY },
  "routes/gestor/customer.tsx": { roles: EVERY, unitRecord: true },
  "routes/gestor/search.tsx": { roles: EVERY },
  "routes/gestor/grades.tsx": { roles: ADMIN },
  "routes/gestor/grades-import.tsx": { roles: ADMIN },
  "routes/gestor/grades-export.ts": { roles: ADMIN },
  "routes/gestor/grade.tsx": { roles: ADMIN },
  "routes/gestor/integration-keys.tsx": { roles: ADMIN },
  "routes/gestor/roster.tsx": { roles: ADMIN },
  "routes/gestor/roster-import.tsx": { roles: ADMIN },
  "routes/gestor/roster-template.ts": { roles: ADMIN },
  "routes/gestor/roster-student.tsx": { roles: ADMIN },
  "routes/gestor/stock.tsx": { roles: EVERY },
  "routes/gestor/stock-item.tsx": { roles: EVERY, unitRecord: true },
  "routes/gestor/stock-import.tsx": { roles: ["admin", "secretaria"] },
  "routes/gestor/stock-export.ts": { roles: EVERY },
  "routes/gestor/material-lists.tsx": { roles: ADMIN },
  "routes/gestor/material-lists-copy.tsx": { roles: ADMIN },
  "routes/gestor/material-lists-import.tsx": { roles: ADMIN },
  "routes/gestor/material-lists-export.ts": { roles: ADMIN },
  "routes/gestor/material-list.tsx": { roles: ADMIN },
  "routes/gestor/separation.tsx": { roles: ["admin", "secretaria"] },
  "routes/gestor/ready-bags.tsx": { roles: ["admin", "secretaria"] },
  "routes/gestor/pending-pickups-export.ts": { roles: ["admin", "secretaria"] },
  // Entrega, Troca and Check-in (issue 30): admins and a unit's secretary (DELIVERY_ROLES).
  "routes/gestor/counter.tsx": { roles: ["admin", "secretaria"] },
  "routes/gestor/counter-sale.tsx": { roles: ["admin", "secretaria"], unitRecord: true },
  "routes/gestor/exchange.tsx": { roles: ["admin", "secretaria"] },
  "routes/gestor/exchange-line.tsx": { roles: ["admin", "secretaria"], unitRecord: true },
  "routes/gestor/check-in.tsx": { roles: ["admin", "secretaria"] },
  // The Painel's failed messages (issue 31): whoever opens the Painel, a secretary her units'.
  "routes/gestor/messages.tsx": { roles: EVERY },
};

/** The pages inside the gestor area's layout (the login's own steps are outside it). */
function layoutPages(entries: readonly RouteConfigEntry[], prefix = ""): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    if (entry.file === "routes/gestor/layout.tsx")
      // prefix() gives the index its path ("gestor") as it does every other child.
      return (entry.children ?? []).map((child) => ({
        file: child.file,
        path: child.path ? `${path}/${child.path}` : path,
      }));
    return entry.children ? layoutPages(entry.children, path) : [];
  });
}
const pages = layoutPages(routes);

const { store, ...people } = gestorTestStoreForFile(["admin", "atendimento", "secretaria"]);
let otherSecretaria: LoggedInStaff;
/** Unit 1's records, for the pages that show one. */
const params: Record<string, string> = {};

beforeAll(async () => {
  otherSecretaria = await staffLoggedIn(store.db, "secretaria", ["4"]);
  const family = await parentWithCart(store.db, "Matriz Responsável", "20250001");
  params.customerId = family.customer.id;
  params.saleId = await insertSale(store.db, {
    customer_id: family.customer.id,
    status: "pending",
    bags: [
      {
        student_name: "Lucas Albuquerque Souza",
        student_ra: "20250001",
        items: [{ title: "Camisa", quantity: 1, unit_price_cents: 5000, unit_code: "1" }],
      },
    ],
  });
  // A paid sale of unit 1, for Entrega's sale and Troca's line pages.
  params.paidSaleId = await insertSale(store.db, {
    customer_id: family.customer.id,
    status: "paid",
    paid_at: new Date().toISOString(),
    bags: [
      { student_name: "Lucas Albuquerque Souza", items: [{ title: "Régua", quantity: 1, unit_price_cents: 300 }] },
    ],
  });
  params.lineId = (
    await store.db
      .selectFrom("sale_bag_items")
      .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
      .select("sale_bag_items.id")
      .where("sale_bags.sale_id", "=", params.paidSaleId)
      .executeTakeFirstOrThrow()
  ).id;
  params.ticketId = crypto.randomUUID();
  await store.db
    .insertInto("support_tickets")
    .values({
      id: params.ticketId,
      store_id: 1,
      protocol: `2026-${String(Math.floor(Math.random() * 900000) + 100000)}`,
      customer_id: family.customer.id,
      name: "Matriz Responsável",
      email: family.email,
      phone: null,
      ra: "20250001",
      unit_code: "1",
      subject: "pedido",
      message: "Uma dúvida.",
      created_at: new Date().toISOString(),
    })
    .execute();
  const first = async <T>(query: Promise<T | undefined>) => (await query)!;
  params.productId = (await first(store.db.selectFrom("products").select("id").executeTakeFirst())).id;
  params.staffId = people.atendimento.staffId;
  params.unitCode = "1";
  params.gradeId = String((await first(store.db.selectFrom("series").select("id").executeTakeFirst())).id);
  params.studentId = family.studentId;
  const coupon = await store.db.selectFrom("coupons").select("id").executeTakeFirst();
  params.couponId = coupon?.id ?? crypto.randomUUID();
  // A list of its own grade code, for Listas de material's list page.
  params.listId = crypto.randomUUID();
  const now = new Date().toISOString();
  await store.db
    .insertInto("material_lists")
    .values({
      id: params.listId,
      store_id: 1,
      period_code: "209900",
      codgrade: "MATRIZ",
      notice: null,
      publish_from: null,
      discount_percentage: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // A piece of unit 1 whose stock is tracked, for Estoque's item page.
  const piece = await first(
    store.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("unit_code", "=", "1")
      .where("type", "=", "P")
      .executeTakeFirst(),
  );
  params.itemTOTVSId = String(piece.item_totvs_id);
  await store.db
    .insertInto("stock_levels")
    .values({
      store_id: 1,
      unit_code: "1",
      item_totvs_id: piece.item_totvs_id,
      available: 4,
      updated_at: new Date().toISOString(),
    })
    .execute();
});

const statusOf = (thrown: (Response & { init?: ResponseInit }) | undefined) =>
  thrown === undefined ? 200 : (thrown.init?.status ?? thrown.status);

async function load(file: string, path: string, person: LoggedInStaff) {
  const module = (await import(`../../${file}`)) as { loader?: (args: unknown) => Promise<unknown> };
  const concrete = path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);
  const request = gestorGet(person.cookie, concrete);
  return statusOf(await thrownBy(Promise.resolve(module.loader?.({ request, params, context: {} }))));
}

describe("every gestor page × every role", () => {
  it("has every page of the area in the matrix, and nothing else", () => {
    expect(pages.map((page) => page.file).sort()).toEqual(Object.keys(PAGES).sort());
  });

  const cases = pages.flatMap(({ file, path }) =>
    (["admin", "atendimento", "secretaria"] as const).map((role) => [path, role, file] as const),
  );
  it.each(cases)("%s as %s", async (path, role, file) => {
    const status = await load(file, path, people[role]);
    if (PAGES[file]!.roles.includes(role)) expect(status).toBe(200);
    else expect(status).toBe(403);
  });

  const unitPages = pages.filter(({ file }) => PAGES[file]?.unitRecord);
  it.each(unitPages.map(({ path, file }) => [path, file] as const))(
    "%s of unit 1 is not found by unit 4's secretary",
    async (path, file) => {
      expect(await load(file, path, otherSecretaria)).toBe(404);
    },
  );
});
