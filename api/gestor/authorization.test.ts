/**
 * The gestor area's authorisation matrix (issue 27; decisions 0028, 0060, 0061): every call of
 * the gestor contract (the OpenAPI test proves the contract is every served route) against every
 * kind of caller. The table below is the readable matrix: which roles open each part; for a
 * secretary, another unit's record is "not found" and another unit's rows are left out of lists.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "#api/contract/endpoint.ts";
import { gestorContract } from "#api/contract/gestor/index.ts";
import { NETWORK_ROLES, STAFF_ROLES, type StaffRole } from "#api/contract/gestor/staff.ts";
import { bag, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";

type Area = keyof typeof gestorContract;
/** Who opens a part: its reads and its changes (POST, PUT), or "own session" for one's own. */
type Access = { read: readonly StaffRole[]; write: readonly StaffRole[] } | "own session" | "public";

const ADMIN = ["admin"] as const;
const EVERY = STAFF_ROLES;
const MATRIX = {
  // Login and password links need no session; me, logout and the second factor are one's own.
  auth: "public",
  account: "own session",
  sales: { read: EVERY, write: EVERY },
  carts: { read: EVERY, write: EVERY },
  customers: { read: EVERY, write: EVERY },
  tickets: { read: EVERY, write: EVERY },
  search: { read: EVERY, write: EVERY },
  catalogue: { read: NETWORK_ROLES, write: ADMIN },
  coupons: { read: NETWORK_ROLES, write: ADMIN },
  team: { read: ADMIN, write: ADMIN },
  audit: { read: ADMIN, write: ADMIN },
  units: { read: ADMIN, write: ADMIN },
  grades: { read: ADMIN, write: ADMIN },
  roster: { read: ADMIN, write: ADMIN },
  rosterSync: { read: ADMIN, write: ADMIN },
  integrationKeys: { read: ADMIN, write: ADMIN },
  // Estoque: atendimento reads it; a secretary counts her units' (api/contract/gestor/stock.ts).
  stock: { read: EVERY, write: ["admin", "secretaria"] },
  // A class's waiting list lives in Estoque, with its roles (api/contract/gestor/waiting-list.ts).
  waitingList: { read: EVERY, write: ["admin", "secretaria"] },
  // Listas de material: admins, as Séries (api/contract/gestor/material-lists.ts).
  materialLists: { read: ADMIN, write: ADMIN },
  // Separação, Prontos, Entrega, Troca: admins and a unit's secretary (api/contract/gestor/delivery.ts).
  delivery: { read: ["admin", "secretaria"], write: ["admin", "secretaria"] },
  // A customer's and a sale's messages, and the Painel's failures (api/contract/gestor/messages.ts).
  messages: { read: EVERY, write: EVERY },
} satisfies Record<Area, Access>;

/** Calls of a guarded part that anyone may make: the shop shows the images uploaded for products. */
const PUBLIC_CALLS = ["catalogue.productImage"];

/** The parts whose records belong to units: a secretary sees her units' only (decision 0061). */
const UNIT_PARTS: readonly Area[] = ["sales", "carts", "customers", "tickets", "search", "messages"];

const { t, ...staff } = gestorTestApiForFile(["admin", "atendimento", "secretaria"], { seed: true });
let otherSecretaria: TestStaff;
let customer: SignedUpCustomer;
/** Unit 1's records, which unit 1's secretary sees and unit 4's does not. */
const unitOne = {} as Record<"saleId" | "cartId" | "customerId" | "linkId" | "ticketId" | "studentId", string>;

beforeAll(async () => {
  otherSecretaria = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  customer = await signUpAndLogIn(t, { name: "Matriz Responsável" });
  const link = await linkByRA(t, customer, "20250001");
  const product = await t.db
    .selectFrom("products")
    .select("item_totvs_id")
    .where("unit_code", "=", "1")
    .where("type", "=", "P")
    .where("sale_price_cents", ">", 0)
    .executeTakeFirstOrThrow();
  const cart = await saveCart(t, customer, [bag(link.studentId, [product.item_totvs_id, 1])]);
  const ticket = await t.call(
    "POST",
    "/tickets/create-ticket",
    {
      storeId: 1,
      name: "Matriz Responsável",
      email: customer.email,
      phone: "81999990000",
      ra: "20250001",
      subject: "pedido",
      message: "Uma dúvida sobre o pedido.",
    },
    { token: customer.token },
  );
  Object.assign(unitOne, {
    saleId: await insertSale(t.db, {
      customer_id: customer.id,
      status: "pending",
      bags: [
        {
          student_name: "Lucas Albuquerque Souza",
          student_ra: "20250001",
          items: [{ title: "Camisa", quantity: 1, unit_price_cents: 5000, unit_code: "1" }],
        },
      ],
    }),
    cartId: cart.body.cart.cartId,
    customerId: customer.id,
    linkId: link.id,
    studentId: link.studentId,
    ticketId: ticket.body.ticket.id,
  });
});

const calls = Object.entries(gestorContract).flatMap(([area, declared]) =>
  Object.entries(declared as Record<string, Endpoint>).map(([name, call]) => ({ area: area as Area, name, call })),
);

/** The call's path with unit 1's records for its ids (any other id: one that names nothing). */
const pathOf = (call: Endpoint) =>
  call.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name in unitOne ? unitOne[name as keyof typeof unitOne] : name === "code" ? "1" : crypto.randomUUID(),
  );

const isWrite = (call: Endpoint) => call.method !== "GET";

describe("every gestor call × every caller", () => {
  const guarded = calls.filter(
    ({ area, name }) => MATRIX[area] !== "public" && !PUBLIC_CALLS.includes(`${area}.${name}`),
  );

  it.each(guarded.map(({ area, name, call }) => [`${area}.${name}`, call] as const))(
    "%s refuses a visitor and a customer with 401",
    async (_, call) => {
      for (const token of [undefined, customer.token]) {
        const reply = await t.call(call.method, pathOf(call), isWrite(call) ? {} : undefined, { token });
        expect(reply.status).toBe(401);
      }
    },
  );

  const roleCases = guarded.flatMap(({ area, name, call }) =>
    STAFF_ROLES.map((role) => [`${area}.${name}`, role, area, call] as const),
  );
  it.each(roleCases)("%s as %s: 403 unless the matrix opens it", async (_, role, area, call) => {
    const access: Access = MATRIX[area];
    // Reads only, and writes with a body that names nothing: the matrix is about who is let in.
    const person = role === "secretaria" ? staff.secretaria : staff[role];
    const reply = await t.call(call.method, pathOf(call), isWrite(call) ? {} : undefined, { token: person.token });
    const opens =
      access === "own session" || (access !== "public" && (isWrite(call) ? access.write : access.read).includes(role));
    if (opens) expect([401, 403]).not.toContain(reply.status);
    else expect(reply.status).toBe(403);
  });
});

describe("own unit and other unit", () => {
  const reads = calls.filter(({ area, call }) => UNIT_PARTS.includes(area) && call.method === "GET");

  it.each(reads.map(({ area, name, call }) => [`${area}.${name}`, call] as const))(
    "%s: unit 1's secretary and the network see unit 1's records; unit 4's secretary does not",
    async (_, call) => {
      const query: Record<string, string> = {
        "/gestor/carts": `?by=email&q=${encodeURIComponent(customer.email)}`,
        "/gestor/customers": "?q=Matriz",
        "/gestor/students": "?q=Lucas Albuquerque",
        "/gestor/search": "?q=Matriz",
        "/gestor/sales": "?status=pending",
        "/gestor/sales/export": "?status=pending",
      };
      const path = `${pathOf(call)}${query[call.path] ?? ""}`;
      const read = async (person: TestStaff) => {
        const response = await t.api.request(path, { headers: { authorization: `Bearer ${person.token}` } });
        return { status: response.status, text: await response.text() };
      };
      const own = await read(staff.secretaria);
      const network = await read(staff.atendimento);
      const other = await read(otherSecretaria);
      expect(own.status).toBe(200);
      expect(network.status).toBe(200);
      const single = /:[A-Za-z]+Id/.test(call.path);
      if (single) {
        expect(other.status).toBe(404);
        return;
      }
      expect(other.status).toBe(200);
      // A list, the CSV or the dashboard: unit 1's ids in the secretary's and the network's, never in the other's.
      const shown = Object.values(unitOne).filter((id) => network.text.includes(id));
      for (const id of shown) expect(own.text).toContain(id);
      for (const id of Object.values(unitOne)) expect(other.text).not.toContain(id);
    },
  );
});
