import { beforeAll, describe, expect, it } from "vitest";
import { SALE_FILTER_MESSAGES } from "#api/contract/gestor/sales.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { signUpAndLogIn } from "#tests/fixtures/storefront-requests.ts";
import { gestorGet, gestorTestStoreForFile, locationOf, loginFor, thrownBy } from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { dashboardPage } from "./dashboard.server.ts";
import { ordersCsv, ordersPage } from "./orders.server.ts";

let email: string;
let saleId: string;

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);
beforeAll(async () => {
  const customer = await signUpAndLogIn("Rita de Cássia Mendonça");
  email = (
    await store.db.selectFrom("customers").select("email").where("id", "=", customer.id).executeTakeFirstOrThrow()
  ).email;
  saleId = await insertSale(store.db, {
    customer_id: customer.id,
    status: "paid",
    bags: [
      {
        student_name: "Ana Beatriz Souza",
        student_ra: "20250003",
        items: [{ title: "Apostila 6º ano", quantity: 1, unit_price_cents: 3000, unit_code: "1" }],
      },
    ],
  });
});

const ordersAt = (query: string, cookie = atendente.cookie) =>
  ordersPage(gestorGet(cookie, `${GESTOR_PATHS.orders}?${query}`));

describe("Painel", () => {
  it("sends a visitor without a staff session to the login", async () => {
    expect(locationOf(await thrownBy(dashboardPage(gestorGet(null, GESTOR_PATHS.home))))).toBe(
      loginFor(GESTOR_PATHS.home),
    );
  });

  it("greets the person by name with the store's figures", async () => {
    const page = await dashboardPage(gestorGet(atendente.cookie, GESTOR_PATHS.home));
    expect(page.name).toBe("Pessoa atendimento");
    expect(page.figures.pending).toEqual({ boleto: expect.any(Object), pix: expect.any(Object) });
  });
});

describe("Pedidos", () => {
  it("sends a visitor without a staff session to the login, from the list and the CSV", async () => {
    expect(locationOf(await thrownBy(ordersAt("status=paid", "")))).toBe(
      loginFor(`${GESTOR_PATHS.orders}?status=paid`),
    );
    expect(locationOf(await thrownBy(ordersCsv(gestorGet(null, GESTOR_PATHS.ordersExport))))).toBe(
      loginFor(GESTOR_PATHS.ordersExport),
    );
  });

  it("lists the customer's sale for their e-mail, keeping the filters as typed", async () => {
    const page = await ordersAt(`customer=${encodeURIComponent(` ${email} `)}&status=`);
    expect(page.query).toEqual({ customer: email });
    expect(page.result).toBeNull();
    expect(page.list!.rows.map((row) => row.id)).toEqual([saleId]);
    expect(page.list!.rows[0]).toMatchObject({ status: "paid", students: [{ ra: "20250003" }] });
  });

  it("answers bad filters with their messages beside the fields, asking for no list", async () => {
    const page = await ordersAt("from=2026-02-30&ra=12ab");
    expect(page.list).toBeNull();
    expect(page.query).toEqual({ from: "2026-02-30", ra: "12ab" });
    expect(page.result!.error).toMatchObject({ from: [SALE_FILTER_MESSAGES.date], ra: [SALE_FILTER_MESSAGES.ra] });
  });

  it("downloads the filtered list as CSV, never kept by a cache", async () => {
    const reference = (
      await store.db.selectFrom("sales").select("reference_code").where("id", "=", saleId).executeTakeFirstOrThrow()
    ).reference_code;
    const csv = await ordersCsv(
      gestorGet(atendente.cookie, `${GESTOR_PATHS.ordersExport}?customer=${encodeURIComponent(email)}`),
    );
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(reference);
  });
});
